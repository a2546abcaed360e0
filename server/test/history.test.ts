import { and, count, eq } from 'drizzle-orm';
import { format } from '../../src/shared/messages';
import { HISTORY_MESSAGES } from '../../src/shared/messages/history';
import type { HistoryPage, Revision, TrashItem } from '../../src/shared/resources/history';
import { PUBLIC_API } from '../../src/shared/routes';
import { purgeTrash } from '../crud/revisions';
import { subscribes, users } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { setClock } from '../lib/clock';
import { createProduct, createTaxon, productFormBody, uploaded } from './catalogFixtures';
import type { Product } from '../../src/shared/resources/products';
import { createRole, postFile, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, TEST_ADMIN, type TestApp } from './helper';

type Json = Record<string, unknown>;

describe('record history, trash and undo', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let pumps: { id: number };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const [row] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, TEST_ADMIN.email));
    adminId = row.id;
    pumps = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
  });
  afterAll(() => t.close());
  afterEach(() => setClock(null));

  const get = (url: string, token = admin) =>
    t.app.inject({ method: 'GET', url, headers: authHeader(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const history = async (path: string, token = admin) => {
    const response = await get(`${path}/revisions`, token);
    expect(response.statusCode).toBe(200);
    return response.json<HistoryPage<Revision>>();
  };
  const revisionCount = async (resource: string, id: number) =>
    (
      await t.app.db
        .select({ total: count() })
        .from(revisions)
        .where(and(eq(revisions.resource, resource), eq(revisions.record_id, id)))
    )[0].total;
  const editProduct = async (id: number, fields: Json) => {
    const current = (await get(`/api/products/${id}`)).json<{ data: Product }>().data;
    const response = await send('PUT', `/api/products/${id}`, productFormBody(current, fields));
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Json }>().data;
  };
  const importCsv = (body: string, token = admin, query = '') =>
    postFile(t.app, token, `/api/products/import${query}`, body, 'products.csv');

  it('records a create and an update with who, when and only the changed fields (old and new)', async () => {
    const acme = await createTaxon(t, admin, '/api/brands', { name: 'Hist Acme' });
    const globex = await createTaxon(t, admin, '/api/brands', { name: 'Hist Globex' });
    const product = await createProduct(t, admin, {
      name: 'Hist Pump',
      brand_id: acme.id,
      category_id: pumps.id,
      overview: '<p>Long text kept whole</p>',
    });
    const pdf = await uploaded(t, admin, 'document');
    await editProduct(product.id, { model: 'M-2', brand_id: globex.id, document: pdf.id });

    const page = await history(`/api/products/${product.id}`);
    expect(page.meta).toEqual({ page: 1, current_page: 1, per_page: 20, total: 2, last_page: 1 });
    const [update, create] = page.data;
    expect(update).toEqual({
      id: expect.any(Number),
      action: 'update',
      user: { id: adminId, name: TEST_ADMIN.name },
      created_at: expect.any(String),
      import_id: null,
      changes: {
        model: { old: null, new: 'M-2' },
        brand: {
          old: { id: acme.id, name: 'Hist Acme', slug: acme.slug },
          new: { id: globex.id, name: 'Hist Globex', slug: globex.slug },
        },
        // Files as their id and name.
        document: { old: null, new: { id: pdf.id, name: pdf.name } },
      },
    });
    expect(create.action).toBe('create');
    expect(create.changes).toMatchObject({
      id: { old: null, new: product.id },
      name: { old: null, new: 'Hist Pump' },
      overview: { old: null, new: '<p>Long text kept whole</p>' },
      category: { old: null, new: { id: pumps.id, name: 'Pumps', slug: expect.any(String) } },
    });
    // Bookkeeping is not content.
    expect(Object.keys(create.changes)).not.toEqual(expect.arrayContaining(['updated_at']));
  });

  it('a failed write leaves no revision: a 422, a refusing hook, a dry-run import', async () => {
    const acme = await createTaxon(t, admin, '/api/brands', { name: 'Failing Acme' });
    const product = await createProduct(t, admin, { brand_id: acme.id, category_id: pumps.id });
    const before = await revisionCount('products', product.id);
    const current = (await get(`/api/products/${product.id}`)).json<{ data: Product }>().data;
    // A writer's refusal (an unknown brand) after the Yup schema passed.
    const refused = await send(
      'PUT',
      `/api/products/${product.id}`,
      productFormBody(current, { brand_id: 999999 }),
    );
    expect(refused.statusCode).toBe(422);
    expect(await revisionCount('products', product.id)).toBe(before);
    // beforeDelete refuses a brand in use: no delete revision of it.
    const brandRevisions = await revisionCount('brands', acme.id);
    expect((await send('DELETE', `/api/brands/${acme.id}`)).statusCode).toBe(409);
    expect(await revisionCount('brands', acme.id)).toBe(brandRevisions);
    // A dry run writes every row and its revision, then rolls all of it back.
    const dry = await importCsv(
      'Name,Slug,Category,Other Brand,Status\nDry 1,dry-1,pumps,X,Active',
      admin,
      '?dry_run=true',
    );
    expect(dry.statusCode).toBe(200);
    const [{ total }] = await t.app.db
      .select({ total: count() })
      .from(revisions)
      .where(eq(revisions.action, 'import'));
    expect(total).toBe(0);
  });

  it('restores a version as a new revision, through the update rules (version check, permission, 404)', async () => {
    const product = await createProduct(t, admin, {
      name: 'Restore Me',
      other_brand: 'X',
      category_id: pumps.id,
    });
    await editProduct(product.id, { name: 'Renamed once', model: 'A' });
    const latest = await editProduct(product.id, { name: 'Renamed twice' });
    const [, , created] = (await history(`/api/products/${product.id}`)).data;
    const path = `/api/products/${product.id}/revisions/${created.id}/restore`;

    // Stale version → 409; without update permission → 403; another record's revision → 404.
    expect((await send('POST', path, { updated_at: product.updated_at })).statusCode).toBe(409);
    const reader = await signInWith(t.app, admin, ['products.index']);
    expect((await send('POST', path, {}, reader.token)).statusCode).toBe(403);
    expect(
      (await send('POST', `/api/products/${pumps.id + 100000}/revisions/${created.id}/restore`)).statusCode,
    ).toBe(404);

    const restored = await send('POST', path, { updated_at: latest.updated_at });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      data: { id: product.id, name: 'Restore Me', model: null },
      message: format(HISTORY_MESSAGES.revisionRestored, { item: 'Product' }),
    });
    const page = await history(`/api/products/${product.id}`);
    // History is never rewritten: a fourth entry.
    expect(page.data.map((revision) => revision.action)).toEqual(['restore', 'update', 'update', 'create']);
    expect(page.data[0].changes).toEqual({
      name: { old: 'Renamed twice', new: 'Restore Me' },
      model: { old: 'A', new: null },
    });
  });

  it('a restored version goes through the contract’s validation (422)', async () => {
    const product = await createProduct(t, admin, {
      name: 'Valid once',
      other_brand: 'X',
      category_id: pumps.id,
    });
    await editProduct(product.id, { name: 'Valid twice' });
    const [, created] = (await history(`/api/products/${product.id}`)).data;
    // A version the rules refuse today (e.g. stored before a rule was tightened): its name is blank.
    await t.app.db
      .update(revisions)
      .set({ changes: { ...created.changes, name: { old: null, new: '' } } })
      .where(eq(revisions.id, created.id));
    const response = await send('POST', `/api/products/${product.id}/revisions/${created.id}/restore`);
    // Restoring the create's state means undoing the later update: its old name is the stored one.
    expect(response.statusCode).toBe(200);
    const [update] = (await history(`/api/products/${product.id}`)).data.slice(1);
    await t.app.db
      .update(revisions)
      .set({ changes: { ...update.changes, name: { old: '', new: 'Valid twice' } } })
      .where(eq(revisions.id, update.id));
    const refused = await send('POST', `/api/products/${product.id}/revisions/${created.id}/restore`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name).toEqual(['Name is required']);
  });

  it('refuses a version whose brand was deleted meanwhile, naming it', async () => {
    const gone = await createTaxon(t, admin, '/api/brands', { name: 'Gone Brand' });
    const stays = await createTaxon(t, admin, '/api/brands', { name: 'Staying Brand' });
    const product = await createProduct(t, admin, { brand_id: gone.id, category_id: pumps.id });
    await editProduct(product.id, { brand_id: stays.id });
    expect((await send('DELETE', `/api/brands/${gone.id}`)).statusCode).toBe(200);
    const [, created] = (await history(`/api/products/${product.id}`)).data;
    const before = await revisionCount('products', product.id);
    const response = await send('POST', `/api/products/${product.id}/revisions/${created.id}/restore`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: format(HISTORY_MESSAGES.referenceGone, { field: 'Brand' }),
      errors: {
        brand_id: [format(HISTORY_MESSAGES.referenceGoneField, { field: 'Brand', name: 'Gone Brand' })],
      },
    });
    expect(await revisionCount('products', product.id)).toBe(before);
  });

  it('nobody grants through a restore what they do not hold (roles and users)', async () => {
    const catalogue = (await get('/api/permissions')).json<{ data: { id: number; name: string }[] }>().data;
    const idOf = (name: string) => catalogue.find((permission) => permission.name === name)!.id;
    const editor = await signInWith(t.app, admin, [
      'roles.index',
      'roles.update',
      'products.index',
      'users.index',
      'users.update',
    ]);
    const role = (
      await send('POST', '/api/roles', { name: 'Grant target', permissions: [idOf('products.index')] })
    ).json<{ data: Json }>().data;
    const put = async (permissions: number[]) => {
      const current = (await get(`/api/roles/${role.id}`)).json<{ data: Json }>().data;
      const response = await send('PUT', `/api/roles/${role.id}`, {
        name: current.name,
        permissions,
        updated_at: current.updated_at,
      });
      expect(response.statusCode).toBe(200);
    };
    await put([idOf('products.index'), idOf('settings.update')]);
    await put([idOf('products.index')]);
    const [, withSettings] = (await history(`/api/roles/${role.id}`)).data;
    expect(withSettings.changes.permissions).toEqual({
      old: [expect.objectContaining({ id: idOf('products.index'), name: 'products.index' })],
      new: expect.arrayContaining([expect.objectContaining({ name: 'settings.update' })]),
    });
    const refused = await send(
      'POST',
      `/api/roles/${role.id}/revisions/${withSettings.id}/restore`,
      {},
      editor.token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.permissions[0]).toContain('settings.update');
    // The Super Admin may.
    expect(
      (await send('POST', `/api/roles/${role.id}/revisions/${withSettings.id}/restore`)).statusCode,
    ).toBe(200);

    // A user once given a role beyond the editor's: restoring that version is refused.
    const wide = (
      await send('POST', '/api/roles', { name: 'Wide', permissions: [idOf('settings.update')] })
    ).json<{
      data: { id: number };
    }>().data;
    const narrow = (
      await send('POST', '/api/roles', { name: 'Narrow', permissions: [idOf('products.index')] })
    ).json<{
      data: { id: number };
    }>().data;
    const password = 'Some-Passw0rd-1!';
    const user = (
      await send('POST', '/api/users', {
        name: 'Granted',
        email: 'granted@example.com',
        role_id: wide.id,
        status: 1,
        password,
        password_confirmation: password,
      })
    ).json<{ data: Json }>().data;
    const moved = await send('PUT', `/api/users/${user.id}`, {
      name: user.name,
      email: user.email,
      phone_number: null,
      role_id: narrow.id,
      status: 1,
      photo: null,
      updated_at: user.updated_at,
    });
    expect(moved.statusCode).toBe(200);
    const [, createdUser] = (await history(`/api/users/${user.id}`)).data;
    const denied = await send(
      'POST',
      `/api/users/${user.id}/revisions/${createdUser.id}/restore`,
      {},
      editor.token,
    );
    expect(denied.statusCode).toBe(422);
    expect(Object.keys(denied.json().errors)).toEqual(['role_id']);
  });

  it('lists deleted records in the trash and restores one with its id (404, 403, 409)', async () => {
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Trashy', slug: 'trashy' });
    const other = await createTaxon(t, admin, '/api/brands', { name: 'Other Trash' });
    expect((await send('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/brands/${other.id}`)).statusCode).toBe(200);

    const trash = await get('/api/brands/trash?search=trashy');
    expect(trash.statusCode).toBe(200);
    expect(trash.json<HistoryPage<TrashItem>>()).toEqual({
      data: [
        {
          id: brand.id,
          title: 'Trashy',
          deleted_at: expect.any(String),
          deleted_by: { id: adminId, name: TEST_ADMIN.name },
        },
      ],
      // The SPA says how long they are kept from the server's TRASH_RETENTION_DAYS (default 30).
      meta: { page: 1, current_page: 1, per_page: 20, total: 1, last_page: 1, retention_days: 30 },
    });
    // Newest first.
    const all = (await get('/api/brands/trash')).json<HistoryPage<TrashItem>>().data.map((item) => item.id);
    expect(all.indexOf(other.id)).toBeLessThan(all.indexOf(brand.id));
    // Deleted records keep their history.
    expect((await history(`/api/brands/${brand.id}`)).data.map((revision) => revision.action)).toEqual([
      'delete',
      'create',
    ]);

    const reader = await signInWith(t.app, admin, ['brands.index', 'brands.update']);
    expect((await get('/api/brands/trash', reader.token)).statusCode).toBe(403);
    expect((await send('POST', `/api/brands/${brand.id}/restore`, undefined, reader.token)).statusCode).toBe(
      403,
    );

    const restored = await send('POST', `/api/brands/${brand.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      data: { id: brand.id, name: 'Trashy', slug: 'trashy' },
      message: format(HISTORY_MESSAGES.recordRestored, { item: 'Brand' }),
    });
    expect((await get(`/api/brands/${brand.id}`)).statusCode).toBe(200);
    expect((await history(`/api/brands/${brand.id}`)).data[0].action).toBe('restore');
    // Not in the trash any more: 404.
    expect((await send('POST', `/api/brands/${brand.id}/restore`)).statusCode).toBe(404);
    expect((await send('POST', '/api/brands/999999/restore')).statusCode).toBe(404);

    // Its slug taken meanwhile: 409 naming it.
    await createTaxon(t, admin, '/api/brands', { name: 'Other Trash', slug: other.slug });
    const taken = await send('POST', `/api/brands/${other.id}/restore`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      format(HISTORY_MESSAGES.uniqueTaken, { item: 'brand', field: 'slug', value: other.slug }),
    );

    // Its name taken meanwhile in another case (names are unique whatever their case, issue 41): 409.
    const named = await createTaxon(t, admin, '/api/brands', { name: 'Restorable Name', slug: 'restorable' });
    expect((await send('DELETE', `/api/brands/${named.id}`)).statusCode).toBe(200);
    await createTaxon(t, admin, '/api/brands', { name: 'RESTORABLE NAME', slug: 'restorable-shouting' });
    const nameTaken = await send('POST', `/api/brands/${named.id}/restore`);
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json().message).toBe(
      format(HISTORY_MESSAGES.uniqueTaken, { item: 'brand', field: 'name', value: 'Restorable Name' }),
    );
    expect((await get(`/api/brands/${named.id}`)).statusCode).toBe(404);
  });

  it('refuses to restore a deleted product whose brand is gone (422)', async () => {
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Vanishing' });
    const product = await createProduct(t, admin, { brand_id: brand.id, category_id: pumps.id });
    expect((await send('DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(200);
    const response = await send('POST', `/api/products/${product.id}/restore`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      brand_id: [format(HISTORY_MESSAGES.referenceGoneField, { field: 'Brand', name: 'Vanishing' })],
    });
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(404);
  });

  it('undoes an import: deletes exactly its rows, puts back the ones it updated; then 409', async () => {
    const kept = await createProduct(t, admin, {
      name: 'Kept',
      slug: 'undo-kept',
      other_brand: 'X',
      category_id: pumps.id,
      model: 'OLD',
    });
    const untouched = await createProduct(t, admin, {
      name: 'Untouched',
      slug: 'undo-untouched',
      other_brand: 'X',
      category_id: pumps.id,
    });
    const header = 'Name,Slug,Other Brand,Category,Model,Status';
    const response = await importCsv(
      [
        header,
        'Kept,undo-kept,X,pumps,NEW,Active',
        'New 1,undo-new-1,X,pumps,N1,Active',
        'New 2,undo-new-2,X,pumps,N2,Active',
      ].join('\n'),
    );
    expect(response.statusCode).toBe(200);
    const { import_id: importId, created, updated } = response.json().data;
    expect({ created, updated, importId }).toEqual({ created: 2, updated: 1, importId: expect.any(String) });
    const [imported] = (await history(`/api/products/${kept.id}`)).data;
    expect(imported).toMatchObject({
      action: 'import',
      import_id: importId,
      changes: { model: { old: 'OLD', new: 'NEW' } },
    });
    const newIds = (
      await Promise.all(['undo-new-1', 'undo-new-2'].map((slug) => get(`/api/products?search=${slug}`)))
    ).map((page) => page.json().data[0].id as number);
    const [createdRevision] = (await history(`/api/products/${newIds[0]}`)).data;
    expect(createdRevision).toMatchObject({
      action: 'import',
      changes: { id: { old: null, new: newIds[0] }, name: { old: null, new: 'New 1' } },
    });

    // Store alone, or store and destroy without update, may not undo an import that updated rows.
    const storeOnly = await signInWith(t.app, admin, ['products.store']);
    expect(
      (await send('POST', `/api/products/imports/${importId}/undo`, undefined, storeOnly.token)).statusCode,
    ).toBe(403);
    const noUpdate = await signInWith(t.app, admin, ['products.store', 'products.destroy']);
    expect(
      (await send('POST', `/api/products/imports/${importId}/undo`, undefined, noUpdate.token)).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/products/imports/00000000-0000-4000-8000-000000000000/undo')).statusCode,
    ).toBe(404);
    expect((await send('POST', '/api/products/imports/not-an-id/undo')).statusCode).toBe(404);

    const undo = await send('POST', `/api/products/imports/${importId}/undo`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({
      data: { deleted: 2, restored: 1 },
      message: format(HISTORY_MESSAGES.importUndone, { deleted: 2, restored: 1 }),
    });
    for (const id of newIds) expect((await get(`/api/products/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${kept.id}`)).json().data.model).toBe('OLD');
    expect((await get(`/api/products/${untouched.id}`)).statusCode).toBe(200);
    expect((await history(`/api/products/${kept.id}`)).data[0]).toMatchObject({
      action: 'restore',
      import_id: importId,
      changes: { model: { old: 'NEW', new: 'OLD' } },
    });
    const again = await send('POST', `/api/products/imports/${importId}/undo`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(HISTORY_MESSAGES.importAlreadyUndone);
  });

  it('refuses to undo an import whose records changed after it, and changes nothing', async () => {
    const header = 'Name,Slug,Other Brand,Category,Model,Status';
    const response = await importCsv(
      [header, 'Later 1,undo-later-1,X,pumps,L1,Active', 'Later 2,undo-later-2,X,pumps,L2,Active'].join('\n'),
    );
    const importId = response.json().data.import_id as string;
    const [first, second] = (
      await Promise.all(['undo-later-1', 'undo-later-2'].map((slug) => get(`/api/products?search=${slug}`)))
    ).map((page) => page.json().data[0].id as number);
    await editProduct(second, { model: 'edited after' });
    const refused = await send('POST', `/api/products/imports/${importId}/undo`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(format(HISTORY_MESSAGES.importChanged, { count: 1 }));
    expect((await get(`/api/products/${first}`)).statusCode).toBe(200);
    expect((await get(`/api/products/${second}`)).json().data.model).toBe('edited after');
  });

  it('never keeps a secret: password hashes and unsubscribe tokens are in no revision', async () => {
    const roleId = await createRole(t.app, ['products.index']);
    const password = 'Secret-Passw0rd-9!';
    const created = await send('POST', '/api/users', {
      name: 'Secretive',
      email: 'secretive@example.com',
      role_id: roleId,
      status: 1,
      password,
      password_confirmation: password,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json<{ data: Json }>().data;
    const changed = await send('PUT', `/api/users/${user.id}`, {
      name: 'Secretive',
      email: 'secretive@example.com',
      phone_number: null,
      role_id: roleId,
      status: 1,
      photo: null,
      password: 'Another-Passw0rd-8!',
      password_confirmation: 'Another-Passw0rd-8!',
      updated_at: user.updated_at,
    });
    expect(changed.statusCode).toBe(200);
    const [{ hash }] = await t.app.db
      .select({ hash: users.password_hash })
      .from(users)
      .where(eq(users.id, Number(user.id)));
    expect((await send('DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: PUBLIC_API.subscribes,
          payload: { email: 'reader@example.com' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    const [subscriber] = await t.app.db
      .select()
      .from(subscribes)
      .where(eq(subscribes.email, 'reader@example.com'));
    expect((await send('DELETE', `/api/subscribes/${subscriber.id}`)).statusCode).toBe(200);

    const stored = JSON.stringify(await t.app.db.select().from(revisions));
    for (const secret of [
      hash,
      subscriber.unsubscribe_token,
      password,
      'Another-Passw0rd-8!',
      'password',
      'token',
    ])
      expect([secret, stored.includes(secret)]).toEqual([secret, false]);

    // A restored user comes back without a password: the old one no longer signs in.
    const restored = await send('POST', `/api/users/${user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    await expect(login(t.app, 'secretive@example.com', 'Another-Passw0rd-8!')).rejects.toThrow();
    const restoredSubscriber = await send('POST', `/api/subscribes/${subscriber.id}/restore`);
    expect(restoredSubscriber.statusCode).toBe(200);
    const [back] = await t.app.db.select().from(subscribes).where(eq(subscribes.id, subscriber.id));
    expect(back.unsubscribe_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('purges deleted records past the retention, with their history; newer ones stay', async () => {
    const old = await createTaxon(t, admin, '/api/brands', { name: 'Old Deleted' });
    expect((await send('DELETE', `/api/brands/${old.id}`)).statusCode).toBe(200);
    const start = Date.now();
    setClock(() => start + 20 * 24 * 3600 * 1000);
    const recent = await createTaxon(t, admin, '/api/brands', { name: 'Recent Deleted' });
    expect((await send('DELETE', `/api/brands/${recent.id}`)).statusCode).toBe(200);

    setClock(() => start + 31 * 24 * 3600 * 1000);
    expect(await purgeTrash(t.app.db, t.config.trashRetentionDays)).toBeGreaterThanOrEqual(1);
    const trash = (await get('/api/brands/trash?search=deleted')).json<HistoryPage<TrashItem>>().data;
    expect(trash.map((item) => item.title)).toEqual(['Recent Deleted']);
    expect(await revisionCount('brands', old.id)).toBe(0);
    expect((await send('POST', `/api/brands/${old.id}/restore`)).statusCode).toBe(404);
    expect((await get(`/api/brands/${old.id}/revisions`)).statusCode).toBe(404);
    expect(t.config.trashRetentionDays).toBe(30);
  });

  it('TRASH_RETENTION_DAYS 0 keeps deleted records until restored, and the trash says so', async () => {
    const keeping = await buildTestApp({ trashRetentionDays: 0 });
    try {
      const token = await adminToken(keeping.app);
      const answer = await keeping.app.inject({
        method: 'GET',
        url: '/api/brands/trash',
        headers: authHeader(token),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<HistoryPage<TrashItem>>().meta).toMatchObject({ retention_days: 0 });
    } finally {
      await keeping.close();
    }
  });

  it('a bulk delete records one revision per record; the history pages', async () => {
    const subscribe = (email: string) =>
      t.app.inject({ method: 'POST', url: PUBLIC_API.subscribes, payload: { email } });
    await subscribe('bulk-a@example.com');
    await subscribe('bulk-b@example.com');
    const rows = await t.app.db.select({ id: subscribes.id, email: subscribes.email }).from(subscribes);
    const ids = rows.filter((row) => row.email.startsWith('bulk-')).map((row) => row.id);
    const response = await send('POST', '/api/subscribes/bulk-delete', { ids });
    expect(response.statusCode).toBe(200);
    // The website's sign-up is not a staff write (no revision); the delete is one per record.
    for (const id of ids) expect(await revisionCount('subscribes', id)).toBe(1);
    const trash = (await get('/api/subscribes/trash?search=bulk-')).json<HistoryPage<TrashItem>>();
    expect(trash.data.map((item) => item.title).sort()).toEqual(['bulk-a@example.com', 'bulk-b@example.com']);
    expect((await send('POST', `/api/subscribes/${ids[0]}/restore`)).statusCode).toBe(200);
    const paged = await get(`/api/subscribes/${ids[0]}/revisions?per_page=1&page=2`);
    expect(paged.json()).toMatchObject({
      data: [{ action: 'delete' }],
      meta: { page: 2, per_page: 1, total: 2, last_page: 2 },
    });
    expect((await get(`/api/subscribes/${ids[0]}/revisions?per_page=1000`)).statusCode).toBe(422);
    expect((await get('/api/subscribes/abc/revisions')).statusCode).toBe(404);
    expect((await get('/api/subscribes/999999/revisions')).statusCode).toBe(404);
  });
});
