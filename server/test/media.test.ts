import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MEDIA_TEXT } from '../../src/shared/messages/media';
import { PERMISSIONS } from '../../src/shared/permissions';
import {
  mediaFilePath,
  mediaItemPath,
  mediaUsagePath,
  type MediaFile,
  type MediaUsage,
} from '../../src/shared/resources/media';
import { API_PATHS } from '../../src/shared/routes';
import { newsResource } from '../../src/shared/resources/news';
import { apiPath } from '../../src/shared/resources/resource';
import { brands, categories, files } from '../db/schema';
import { news } from '../db/schema/news';
import { createTaxon, PDF_BYTES, pngBytes, uploadFile } from './catalogFixtures';
import { multipart, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, servedBytes, type TestApp } from './helper';

describe('the media library (/api/media)', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let outsider: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    reader = (await signInWith(t.app, admin, [PERMISSIONS.mediaIndex])).token;
    outsider = (await signInWith(t.app, admin, [PERMISSIONS.brandsIndex])).token;
  });
  afterAll(() => t.close());

  const upload = async (width: number, height: number, name: string) => {
    const response = await uploadFile(t, admin, 'image', await pngBytes(width, height), name);
    expect(response.statusCode).toBe(201);
    return response.json<{ data: { id: number; url: string } }>().data;
  };
  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const list = async (query: string) => {
    const response = await get(`${API_PATHS.media}?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: MediaFile[]; meta: { total: number } }>();
  };
  const replace = (id: number, value: Buffer, filename: string, type = 'image/png', token = admin) => {
    const { payload, headers } = multipart([{ name: 'file', value, filename, type }]);
    return t.app.inject({
      method: 'POST',
      url: mediaFilePath(id),
      payload,
      headers: { ...headers, ...authHeader(token) },
    });
  };
  const remove = (id: number, token = admin) =>
    t.app.inject({ method: 'DELETE', url: mediaItemPath(id), headers: authHeader(token) });
  /** A Not Active category whose image is file `image`: a user of the file that is not live. */
  const draftCategory = (name: string, image: number) =>
    createTaxon(t, admin, '/api/categories', { name, image, status: 0 });
  const usage = async (id: number) => (await get(mediaUsagePath(id))).json<{ data: MediaUsage[] }>().data;

  it('answers 401 without a token and 403 without the media keys, on every route', async () => {
    const file = await upload(20, 20, 'guarded.png');
    for (const token of ['', outsider]) {
      const headers = token ? authHeader(token) : {};
      const status = token ? 403 : 401;
      expect((await t.app.inject({ method: 'GET', url: API_PATHS.media, headers })).statusCode).toBe(status);
      expect((await t.app.inject({ method: 'GET', url: mediaUsagePath(file.id), headers })).statusCode).toBe(
        status,
      );
      expect(
        (await t.app.inject({ method: 'DELETE', url: mediaItemPath(file.id), headers })).statusCode,
      ).toBe(status);
    }
    // Reading the library is not changing it.
    expect((await get(API_PATHS.media, reader)).statusCode).toBe(200);
    expect((await replace(file.id, await pngBytes(), 'x.png', 'image/png', reader)).statusCode).toBe(403);
    expect((await remove(file.id, reader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: mediaFilePath(file.id) })).statusCode).toBe(401);
  });

  it('refuses bad input with 422 and unknown files with 404', async () => {
    const file = await upload(20, 20, 'input.png');
    const badKind = await get(`${API_PATHS.media}?kinds=video`);
    expect(badKind.statusCode).toBe(422);
    expect(badKind.json().errors).toHaveProperty('kinds');
    // A picture is replaced by a picture only; a replacement needs a file.
    const pdf = await replace(file.id, PDF_BYTES, 'sheet.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().errors).toHaveProperty('file');
    const none = await t.app.inject({
      method: 'POST',
      url: mediaFilePath(file.id),
      ...(() => {
        const { payload, headers } = multipart([{ name: 'note', value: 'x' }]);
        return { payload, headers: { ...headers, ...authHeader(admin) } };
      })(),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toHaveProperty('file');
    expect((await get(mediaUsagePath(999_999))).statusCode).toBe(404);
    expect((await remove(999_999)).statusCode).toBe(404);
    expect((await replace(999_999, await pngBytes(), 'x.png')).statusCode).toBe(404);
    // Nothing of the refused replacement was stored.
    const [row] = await t.app.db.select({ url: files.url }).from(files).where(eq(files.id, file.id));
    expect(row.url).toBe(file.url);
  });

  it('lists files with their type, size, dimensions and uploader, searched, sorted, filtered and paged', async () => {
    await upload(30, 20, 'zebra-listing.png');
    await upload(40, 10, 'aardvark-listing.png');
    const { data: searched, meta } = await list('search=listing&sort=name&order=asc');
    expect(meta.total).toBe(2);
    expect(searched.map((file) => file.name)).toEqual(['aardvark-listing.png', 'zebra-listing.png']);
    expect(searched[0]).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      width: 40,
      height: 10,
      uploader: { name: expect.any(String) },
    });
    expect(searched[0].size).toBeGreaterThan(0);
    const page = await list('search=listing&sort=name&order=asc&per_page=10&page=2');
    expect(page.data).toEqual([]);
    const uploadResponse = await uploadFile(t, admin, 'document', PDF_BYTES, 'listing-sheet.pdf');
    expect(uploadResponse.statusCode).toBe(201);
    const documents = await list('search=listing&kinds=document');
    expect(documents.data.map((file) => file.name)).toEqual(['listing-sheet.pdf']);
    const bySize = await list('search=listing&sort=size&order=desc');
    const sizes = bySize.data.map((file) => file.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('filters the pictures missing their alt text', async () => {
    const bare = await upload(20, 20, 'alt-bare.png');
    const described = await upload(20, 20, 'alt-described.png');
    await t.app.db.update(files).set({ alt: 'A red square' }).where(eq(files.id, described.id));
    const missing = await list('search=alt-&missing_alt=1');
    expect(missing.data.map((file) => file.id)).toEqual([bare.id]);
    const given = await list('search=alt-&missing_alt=0');
    expect(given.data.map((file) => [file.id, file.alt])).toEqual([[described.id, 'A red square']]);
  });

  it('says where a file is used: which records and fields, live or not', async () => {
    const file = await upload(20, 20, 'used.png');
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Usage Brand', logo: file.id });
    const category = await draftCategory('Usage Category', file.id);
    expect(await usage(file.id)).toEqual(
      expect.arrayContaining([
        { resource: 'brands', record_id: brand.id, title: 'Usage Brand', field: 'logo', live: true },
        {
          resource: 'categories',
          record_id: category.id,
          title: 'Usage Category',
          field: 'image',
          live: false,
        },
      ]),
    );
    expect(await usage(file.id)).toHaveLength(2);
    const unused = await upload(20, 20, 'unused.png');
    expect(await usage(unused.id)).toEqual([]);
    // A reader of the library sees it too.
    expect((await get(mediaUsagePath(file.id), reader)).statusCode).toBe(200);
  });

  it('replaces a file keeping every reference, its alt text, and its web variants made again', async () => {
    const file = await upload(200, 100, 'before.png');
    await t.app.db.update(files).set({ alt: 'Kept alt' }).where(eq(files.id, file.id));
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Replaced Brand', logo: file.id });
    const bigger = await sharp({
      create: { width: 1000, height: 500, channels: 3, background: { r: 0, g: 200, b: 0 } },
    })
      .png()
      .toBuffer();
    const response = await replace(file.id, bigger, 'after.png');
    expect(response.statusCode).toBe(200);
    const { data, message } = response.json<{ data: MediaFile; message: string }>();
    expect(message).toBe(MEDIA_TEXT.replaced);
    expect(data).toMatchObject({ id: file.id, name: 'after.png', width: 1000, height: 500, alt: 'Kept alt' });
    expect(data.url).not.toBe(file.url);
    // Narrower than 1000 px: 480 and 960 (the 200 px original had none).
    expect(data.variants.map((variant) => variant.width)).toEqual([480, 960]);
    const variant = await sharp(await servedBytes(t.app, data.variants[1].url)).metadata();
    expect([variant.format, variant.width]).toEqual(['webp', 960]);
    const preview = await sharp(await servedBytes(t.app, data.preview_url!)).metadata();
    expect(preview.width).toBe(400);
    // The brand shows the new file, under the same id; the old bytes are gone.
    const shown = (await get(`/api/brands/${brand.id}`)).json().data;
    expect(shown.logo).toMatchObject({ id: file.id, url: data.url, width: 1000 });
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
    expect(await usage(file.id)).toEqual([
      { resource: 'brands', record_id: brand.id, title: 'Replaced Brand', field: 'logo', live: true },
    ]);
  });

  it('moves the pictures in rich text to the replaced file, and refuses to delete one a live item shows in its text', async () => {
    const picture = await uploadFile(t, admin, 'image', await pngBytes(1000, 500), 'in-text.png');
    const file = picture.json<{ data: MediaFile }>().data;
    const newsPath = apiPath(newsResource);
    const wide = file.variants.find((variant) => variant.width === 960)!.url;
    const createNews = async (title: string, status: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: newsPath,
        headers: authHeader(admin),
        payload: {
          title,
          date: '2026-03-14',
          status,
          description: `<p>Our pump</p><p><img src="${file.url}" alt="The pump"></p><p><img src="${wide}" alt="The pump, wide"></p>`,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ data: { id: number; updated_at: string } }>().data;
    };
    const live = await createNews('Pump in the text', 1);
    const draft = await createNews('Pump in a draft', 0);

    // The website shows the live item's picture: deleting the file would break it.
    const refused = await remove(file.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Pump in the text');
    expect(refused.json().message).not.toContain('Pump in a draft');

    // 800 px wide: one variant, 480; the text's 960 px picture takes the widest there is below it.
    const replaced = await replace(file.id, await pngBytes(800, 400), 'in-text-new.png');
    expect(replaced.statusCode).toBe(200);
    const after = replaced.json<{ data: MediaFile }>().data;
    expect(after.variants.map((variant) => variant.width)).toEqual([480]);
    for (const item of [live, draft]) {
      const shown = (await get(`${newsPath}/${item.id}`)).json<{ data: { description: string } }>().data;
      expect(shown.description).toBe(
        `<p>Our pump</p><p><img alt="The pump" src="${after.url}" /></p><p><img alt="The pump, wide" src="${after.variants[0].url}" /></p>`,
      );
      for (const src of [after.url, after.variants[0].url])
        expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    }
    for (const old of [file.url, wide])
      expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    // A form opened before the replacement cannot save the old addresses back.
    const stale = await t.app.inject({
      method: 'PUT',
      url: `${newsPath}/${live.id}`,
      headers: authHeader(admin),
      payload: { title: 'Pump in the text', date: '2026-03-14', status: 1, updated_at: live.updated_at },
    });
    expect(stale.statusCode).toBe(409);

    await t.app.db.update(news).set({ status: 0 }).where(eq(news.id, live.id));
    expect((await remove(file.id)).statusCode).toBe(200);
  });

  it('two replacements of one file at once: the text ends on the file that won, every older object gone', async () => {
    const picture = await uploadFile(t, admin, 'image', await pngBytes(600, 300), 'twice.png');
    const file = picture.json<{ data: MediaFile }>().data;
    const newsPath = apiPath(newsResource);
    const created = await t.app.inject({
      method: 'POST',
      url: newsPath,
      headers: authHeader(admin),
      payload: {
        title: 'Twice replaced',
        date: '2026-03-14',
        status: 0,
        description: `<p><img src="${file.url}" alt="x"></p>`,
      },
    });
    expect(created.statusCode).toBe(201);
    const answers = await Promise.all([
      replace(file.id, await pngBytes(610, 300), 'first.png'),
      replace(file.id, await pngBytes(620, 300), 'second.png'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [row] = await t.app.db.select({ url: files.url }).from(files).where(eq(files.id, file.id));
    const { description } = (await get(`${newsPath}/${created.json().data.id}`)).json<{
      data: { description: string };
    }>().data;
    expect(description).toBe(`<p><img alt="x" src="${row.url}" /></p>`);
    expect((await t.app.inject({ method: 'GET', url: row.url })).statusCode).toBe(200);
    const urls = answers.map((answer) => answer.json<{ data: MediaFile }>().data.url);
    for (const old of [file.url, ...urls.filter((url) => url !== row.url)])
      expect((await t.app.inject({ method: 'GET', url: old })).statusCode).toBe(404);
  });

  it('refuses to delete a file a live item uses, naming it, and deletes it once nothing live does', async () => {
    const file = await upload(20, 20, 'doomed.png');
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Live Brand', logo: file.id });
    const category = await draftCategory('Draft Category', file.id);
    const refused = await remove(file.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Live Brand');
    expect(refused.json().message).not.toContain('Draft Category');
    expect((await get(mediaUsagePath(file.id))).statusCode).toBe(200);

    await t.app.db.update(brands).set({ status: 0 }).where(eq(brands.id, brand.id));
    const deleted = await remove(file.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(MEDIA_TEXT.deleted);
    expect((await get(mediaUsagePath(file.id))).statusCode).toBe(404);
    const [cleared] = await t.app.db
      .select({ image: categories.image_id })
      .from(categories)
      .where(eq(categories.id, category.id));
    expect(cleared.image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });
});
