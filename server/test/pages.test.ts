import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { success } from '../../src/shared/messages';
import { PAGE_KEYS, PAGE_SECTIONS, type Page } from '../../src/shared/resources/pages';
import type { ListResponse } from '../../src/shared/resources/resource';
import { MIGRATIONS_FOLDER } from '../db/client';
import { pagesServer } from '../resources/pages';
import { expectSanitised, HOSTILE_HTML, uploaded } from './catalogFixtures';
import { signInWith } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  createNativePglite,
  throwawayDatabase,
  type TestApp,
} from './helper';
import { describeResource } from './roundTrip';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

const pageByKey = async (t: TestApp, token: string, key: string): Promise<Page> => {
  const list = await t.app.inject({
    method: 'GET',
    url: '/api/pages?per_page=10',
    headers: authHeader(token),
  });
  const page = list.json<ListResponse<Page>>().data.find((item) => item.key === key);
  if (!page) throw new Error(`no ${key} page`);
  return page;
};

// Every common field set, and every field of the home page's sections (a picture with its alt text).
describeResource(
  pagesServer,
  async (t, token) => ({
    title: 'Welcome home',
    description: '<p>The company in a paragraph.</p>',
    banner: (await uploaded(t, token, 'image')).id,
    banner_alt: 'The banner, described',
    image: (await uploaded(t, token, 'image')).id,
    image_alt: 'The image, described',
    mobile_image: (await uploaded(t, token, 'image')).id,
    mobile_image_alt: 'The mobile image, described',
    status: 1,
    meta_title: 'Home',
    meta_description: 'What we do',
    meta_keyword: 'company, products',
    sections: {
      hero: {
        title: 'We build pumps',
        subtitle: 'Since 1990',
        button_label: 'See products',
        button_link: 'https://example.com/product',
        image: (await uploaded(t, token, 'image')).id,
        image_alt: 'A pump at work',
      },
      why_us: { title: 'Why us', items: [{ title: 'Quality', description: 'Tested twice', image: null }] },
      call_to_action: {
        title: 'Talk to us',
        description: 'We answer within a day',
        button_label: 'Contact',
        button_link: 'https://example.com/contact',
      },
    },
  }),
  (t, token) => pageByKey(t, token, 'home'),
);

describe('/api/pages', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  const put = (page: Page, body: Record<string, unknown>, token = admin) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pages/${page.id}`,
      headers: authHeader(token),
      payload: { title: page.title, status: page.status, updated_at: page.updated_at, ...body },
    });

  it('has the seven pages after the first start, in the website’s order, each with its sections', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pages', headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json<ListResponse<Page>>();
    expect(meta.total).toBe(7);
    expect(data.map((page) => page.key)).toEqual([...PAGE_KEYS]);
    expect(data.map((page) => page.title)).toEqual([
      'Home',
      'About',
      'Product',
      'Promotion',
      'News',
      'Product Article',
      'Contact',
    ]);
    for (const page of data) expect(Object.keys(page.sections)).toEqual([...PAGE_SECTIONS[page.key]]);
    const about = data.find((page) => page.key === 'about')!;
    expect(about.sections.why_us).toEqual({ title: '', items: [] });
    expect(about.sections.office).toEqual({ title: '', image: null });
  });

  it('refuses to create or delete a page with 405 in the contract’s shape, keeping all seven', async () => {
    const home = await pageByKey(t, admin, 'home');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/pages',
      headers: authHeader(admin),
      payload: { title: 'An eighth page' },
    });
    expect(created.statusCode).toBe(405);
    expect(created.json()).toEqual({ message: 'Method Not Allowed' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/pages/${home.id}`,
      headers: authHeader(admin),
    });
    expect(deleted.statusCode).toBe(405);
    expect(deleted.json()).toEqual({ message: 'Method Not Allowed' });
    const list = await t.app.inject({ method: 'GET', url: '/api/pages', headers: authHeader(admin) });
    expect(list.json<ListResponse<Page>>().meta.total).toBe(7);
  });

  it('answers 403 without pages.update and lets a holder of pages.index read but not write', async () => {
    const reader = await signInWith(t.app, admin, ['pages.index']);
    const about = await pageByKey(t, reader.token, 'about');
    const refused = await put(about, { title: 'Taken over' }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'This action is unauthorized.' });
    const outsider = await signInWith(t.app, admin, []);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/pages',
      headers: authHeader(outsider.token),
    });
    expect(list.statusCode).toBe(403);
    expect((await pageByKey(t, admin, 'about')).title).toBe('About');
  });

  it('saves the about page’s sections in order, images read back as files, other pages’ sections dropped', async () => {
    const about = await pageByKey(t, admin, 'about');
    const icon = await uploaded(t, admin, 'image');
    const response = await put(about, {
      sections: {
        why_us: {
          title: 'Why choose us',
          items: [
            { title: 'Second', description: '', image: icon.id, image_alt: 'A handshake icon' },
            { title: 'First', description: 'Long experience', image: null, image_alt: '' },
          ],
        },
        branches: {
          title: 'Our branches',
          items: [
            {
              name: 'Jakarta',
              address: 'Jl. Sudirman 1',
              phone_number: '+62 21 555 0100',
              map_link: 'https://maps.example.com/jakarta',
            },
          ],
        },
        hero: { title: 'Not an about section' },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(success.updated('Page'));
    const saved = (await pageByKey(t, admin, 'about')).sections;
    expect(saved.hero).toBeUndefined();
    expect(saved.why_us?.items?.map((item) => item.title)).toEqual(['Second', 'First']);
    // The alt text is the file's, read back with it (not a copy in the sections).
    expect(saved.why_us?.items?.[0]).toEqual({
      title: 'Second',
      description: '',
      image: expect.objectContaining({ id: icon.id, url: icon.url, alt: 'A handshake icon' }),
    });
    expect(saved.branches?.items).toEqual([
      {
        name: 'Jakarta',
        address: 'Jl. Sudirman 1',
        phone_number: '+62 21 555 0100',
        map_link: 'https://maps.example.com/jakarta',
      },
    ]);
    expect(saved.principle).toEqual({ title: '', description: '' });
  });

  it('validates each section: required item fields, URLs, phone numbers, item counts, image ids', async () => {
    const about = await pageByKey(t, admin, 'about');
    const document = await uploaded(t, admin, 'document');
    const tooMany = Array.from({ length: 7 }, (_, index) => ({ title: `Reason ${index + 1}` }));
    const response = await put(about, {
      sections: {
        why_us: { title: 'Why', items: tooMany },
        mission: { image: document.id, image_alt: 'A document' },
        branches: {
          items: [{ name: '', address: 'Somewhere', phone_number: 'call me', map_link: 'not a link' }],
        },
      },
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors).toEqual({
      'sections.why_us.items': ['Why Us Items cannot have more than 6 items'],
      'sections.branches.items[0].name': ['Name is required'],
      'sections.branches.items[0].phone_number': ['Phone Number is invalid'],
      'sections.branches.items[0].map_link': ['Map Link is invalid'],
    });
    // The image check runs once the shape is right.
    const imageOnly = await put(about, {
      sections: { mission: { image: document.id, image_alt: 'A document' } },
    });
    expect(imageOnly.statusCode).toBe(422);
    expect(imageOnly.json<{ errors: object }>().errors).toEqual({
      'sections.mission.image': ['Mission Image is invalid'],
    });
    // A section's picture needs its alt text, as the page's own pictures do.
    const image = await uploaded(t, admin, 'image');
    const noAlt = await put(about, {
      sections: {
        office: { image: image.id, image_alt: ' ' },
        why_us: { items: [{ title: 'A', image: image.id }] },
      },
    });
    expect(noAlt.statusCode).toBe(422);
    expect(noAlt.json<{ errors: object }>().errors).toEqual({
      'sections.office.image_alt': ['Alt text is required'],
      'sections.why_us.items[0].image_alt': ['Alt text is required'],
    });
    const notAnObject = await put(about, { sections: ['why_us'] });
    expect(notAnObject.statusCode).toBe(422);
    expect(Object.keys(notAnObject.json<{ errors: object }>().errors)).toEqual(['sections']);
    expect((await pageByKey(t, admin, 'about')).updated_at).toBe(about.updated_at);
  });

  it('needs a title, sanitises the description and refuses a stale save with 409', async () => {
    const contact = await pageByKey(t, admin, 'contact');
    const empty = await put(contact, { title: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: object }>().errors).toEqual({ title: ['Title is required'] });
    const saved = await put(contact, {
      description: HOSTILE_HTML,
      sections: {
        get_in_touch: { title: 'Get in touch', description: 'Write to us' },
        map: { title: 'Find us', embed_url: 'https://maps.example.com/embed?q=office' },
      },
    });
    expect(saved.statusCode).toBe(200);
    const page = saved.json<{ data: Page }>().data;
    expectSanitised(page.description);
    expect(page.sections.map).toEqual({
      title: 'Find us',
      embed_url: 'https://maps.example.com/embed?q=office',
    });
    const stale = await put(contact, { title: 'Contact us' });
    expect(stale.statusCode).toBe(409);
    expect((await pageByKey(t, admin, 'contact')).title).toBe('Contact');
  });

  it('refuses a page picture without alt text with a 422 on its alt field, and answers the alt text saved', async () => {
    const home = await pageByKey(t, admin, 'home');
    const banner = await uploaded(t, admin, 'image');
    const refused = await put(home, { banner: banner.id, banner_alt: '' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: object }>().errors).toEqual({ banner_alt: ['Alt text is required'] });
    const saved = await put(home, { banner: banner.id, banner_alt: 'Our office at dawn' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: Page }>().data.banner).toMatchObject({
      id: banner.id,
      alt: 'Our office at dawn',
    });
  });

  it('answers 404 for a page that does not exist', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/pages/999', headers: authHeader(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFoundBody });
  });
});

describe('/api/pages on a database that existed before pages', () => {
  let t: TestApp | undefined;
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await t?.close();
    for (const step of cleanup) await step();
  });

  /** The migrations folder as it was before the pages migrations. */
  function migrationsBeforePages(): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-migrations-'));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const journal = JSON.parse(
      fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string }[];
    };
    const firstPages = journal.entries.findIndex((entry) => entry.tag.endsWith('_pages'));
    journal.entries = journal.entries.slice(0, firstPages);
    fs.mkdirSync(path.join(dir, 'meta'));
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries)
      fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    return dir;
  }

  it('has the seven pages once the migrations are applied at the next start', async () => {
    const folder = migrationsBeforePages();
    if (process.env.TEST_DB_DRIVER === 'postgres') {
      const database = await throwawayDatabase();
      const pool = new pg.Pool({ connectionString: database.url });
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
      const before = await pool.query(`select to_regclass('public.pages') as pages`);
      expect(before.rows[0].pages).toBeNull();
      await pool.end();
      t = await buildTestApp({ databaseUrl: database.url }, { afterClose: database.drop });
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-existing-'));
      const client = await createNativePglite(path.join(dataDir, 'db'));
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
      const before = await client.query<{ pages: string | null }>(
        `select to_regclass('public.pages') as pages`,
      );
      expect(before.rows[0].pages).toBeNull();
      await client.close();
      t = await buildTestApp({ dataDir, inMemoryDb: false });
    }
    const admin = await adminToken(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/pages', headers: authHeader(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json<ListResponse<Page>>().data.map((page) => page.key)).toEqual([...PAGE_KEYS]);
  });
});
