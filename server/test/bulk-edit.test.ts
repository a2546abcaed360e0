import { and, count, desc, eq, like } from 'drizzle-orm';
import { format, LABELS } from '../../src/shared/messages';
import { BULK_EDIT_MESSAGES } from '../../src/shared/messages/bulkEdit';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import {
  BULK_EDIT_MAX,
  bulkEditPath,
  bulkEditPreviewPath,
  bulkEditUndoPath,
  type BulkEditApplied,
  type BulkEditPreview,
} from '../../src/shared/resources/bulkEdit';
import type { Product } from '../../src/shared/resources/products';
import type { ResourceContract } from '../../src/shared/resources/resource';
import { productsResource } from '../../src/shared/resources/products';
import { promotionsResource } from '../../src/shared/resources/promotions';
import { usersResource } from '../../src/shared/resources/users';
import { auditLogs, products, users } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { sql } from 'drizzle-orm';
import { createProduct, createTaxon, productFormBody } from './catalogFixtures';
import { createRole, createTestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, TEST_ADMIN, type TestApp } from './helper';

type Json = Record<string, unknown>;

describe('bulk edit', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let category: { id: number };
  let acme: { id: number; name: string };
  let globex: { id: number; name: string };
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
    const [row] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, TEST_ADMIN.email));
    adminId = row.id;
    category = await createTaxon(t, admin, '/api/categories', { name: 'Bulk Pumps' });
    acme = await createTaxon(t, admin, '/api/brands', { name: 'Bulk Acme' });
    globex = await createTaxon(t, admin, '/api/brands', { name: 'Bulk Globex' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: object, token: string | null = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? authHeader(token) : {} });
  const previewOf = async (group: Pick<ResourceContract, 'group'>, payload: object, token = admin) => {
    const response = await post(bulkEditPreviewPath(group), payload, token);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: BulkEditPreview }>().data;
  };
  const applyOf = async (group: Pick<ResourceContract, 'group'>, payload: object, token = admin) => {
    const { token: previewToken } = await previewOf(group, payload, token);
    const response = await post(bulkEditPath(group), { ...payload, token: previewToken }, token);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: BulkEditApplied; message: string }>();
  };
  const pumps = async (n: number, brand: { id: number }, name: string) => {
    const made = [];
    for (let i = 1; i <= n; i += 1)
      made.push(
        await createProduct(t, admin, { name: `${name} ${i}`, brand_id: brand.id, category_id: category.id }),
      );
    return made.map((p) => p.id);
  };
  const brandOf = async (id: number) =>
    (await t.app.db.select({ brand: products.brand_id }).from(products).where(eq(products.id, id)))[0].brand;
  const revisionCount = async () => (await t.app.db.select({ n: count() }).from(revisions))[0].n;

  it('needs a signed-in user (401) with the update permission (403)', async () => {
    const [id] = await pumps(1, acme, 'Guarded');
    const body = { ids: [id], set: { status: 0 } };
    expect((await post(bulkEditPreviewPath(productsResource), body, null)).statusCode).toBe(401);
    expect((await post(bulkEditPath(productsResource), body, null)).statusCode).toBe(401);
    const role = await createRole(t.app, ['products.index']);
    const reader = await createTestUser(t.app, { roleId: role });
    const token = (await login(t.app, reader.email, reader.password)).access_token;
    expect((await post(bulkEditPreviewPath(productsResource), body, token)).statusCode).toBe(403);
    expect((await post(bulkEditPath(productsResource), body, token)).statusCode).toBe(403);
    expect((await post(bulkEditUndoPath(productsResource, crypto.randomUUID()), {}, token)).statusCode).toBe(
      403,
    );
  });

  it('refuses bad bodies with 422 naming the field, and a field the resource does not declare', async () => {
    const [id] = await pumps(1, acme, 'Refused body');
    const cases: [object, string][] = [
      [{ set: { status: 0 } }, 'ids'],
      [{ ids: [id], query: {}, set: { status: 0 } }, 'ids'],
      [{ ids: [id], set: {} }, 'set'],
      [{ ids: [id], set: { name: 'Renamed' } }, 'name'],
      [{ ids: [id], set: { status: 7 } }, 'status'],
      [{ ids: [id], set: { brand_id: 'x' } }, 'brand_id'],
      [{ query: { status: 'nine' }, set: { status: 0 } }, 'status'],
    ];
    for (const [body, field] of cases) {
      const response = await post(bulkEditPreviewPath(productsResource), body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json<{ errors: Json }>().errors)).toContain(field);
    }
    const named = await post(bulkEditPreviewPath(productsResource), { ids: [id], set: { name: 'x' } });
    expect(named.json()).toMatchObject({
      message: format(BULK_EDIT_MESSAGES.notEditable, { field: 'name' }),
    });
    // A brand that does not exist: the writer's 422 refuses the row, by name.
    const gone = await previewOf(productsResource, { ids: [id], set: { brand_id: 999_999 } });
    expect(gone.refused).toEqual([{ id, title: 'Refused body 1', message: expect.stringMatching(/brand/i) }]);
  });

  it('previews how many rows change and from what, writing nothing', async () => {
    const ids = await pumps(3, acme, 'Preview');
    const [already] = await pumps(1, globex, 'Preview already');
    const before = await revisionCount();
    const preview = await previewOf(productsResource, {
      ids: [...ids, already],
      set: { brand_id: globex.id },
    });
    expect(preview).toEqual({
      matched: 4,
      changing: 3,
      unchanged: 1,
      refused: [],
      fields: { brand_id: { to: globex.id, from: [{ value: acme.id, label: acme.name, count: 3 }] } },
      token: expect.any(String),
    });
    expect(await revisionCount()).toBe(before);
    expect(await brandOf(ids[0])).toBe(acme.id);
  });

  it('applies in one transaction: one revision per changed record, one audit entry', async () => {
    const ids = await pumps(3, acme, 'Apply');
    const [already] = await pumps(1, globex, 'Apply already');
    const { data, message } = await applyOf(productsResource, {
      ids: [...ids, already],
      set: { brand_id: globex.id },
    });
    expect(data).toEqual({ updated: 3, unchanged: 1, refused: [], bulk_id: expect.any(String) });
    expect(message).toBe(
      format(BULK_EDIT_MESSAGES.applied, { updated: 3, item: 'products', unchanged: 1, refused: 0 }),
    );
    for (const id of ids) expect(await brandOf(id)).toBe(globex.id);
    const written = await t.app.db
      .select({ record: revisions.record_id, action: revisions.action, changes: revisions.changes })
      .from(revisions)
      .where(eq(revisions.import_id, `bulk-${data.bulk_id}`));
    expect(written.map((row) => row.record).sort()).toEqual([...ids].sort());
    for (const row of written) {
      expect(row.action).toBe('update');
      expect(row.changes).toMatchObject({
        brand: { old: { id: acme.id, name: acme.name }, new: { id: globex.id, name: globex.name } },
      });
    }
    const entries = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.kind, 'bulk-edit'), sql`${auditLogs.details} ->> 'bulk_id' = ${data.bulk_id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      resource: 'products',
      actor_id: adminId,
      details: { fields: ['brand_id'], matched: 4, updated: 3, unchanged: 1, refused_ids: [] },
    });
  });

  it('answers 409 and writes nothing when a row changed since the preview', async () => {
    const ids = await pumps(2, acme, 'Stale');
    const body = { ids, set: { brand_id: globex.id } };
    const { token } = await previewOf(productsResource, body);
    const current = (
      await t.app.inject({ method: 'GET', url: `/api/products/${ids[1]}`, headers: authHeader(admin) })
    ).json<{ data: Product }>().data;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids[1]}`,
      headers: authHeader(admin),
      payload: productFormBody(current, { model: 'Edited meanwhile' }),
    });
    expect(edit.statusCode).toBe(200);
    const before = await revisionCount();
    const stale = await post(bulkEditPath(productsResource), { ...body, token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: BULK_EDIT_MESSAGES.stale });
    const missing = await post(bulkEditPath(productsResource), body);
    expect(missing.statusCode).toBe(409);
    expect(await revisionCount()).toBe(before);
    for (const id of ids) expect(await brandOf(id)).toBe(acme.id);
  });

  it('refuses, by name, the rows the user may not update, and updates the others', async () => {
    const role = await createRole(t.app, ['users.index', 'users.update']);
    const editor = await createTestUser(t.app, { roleId: role });
    const plain = await createTestUser(t.app, { roleId: role });
    const token = (await login(t.app, editor.email, editor.password)).access_token;
    const body = { ids: [adminId, plain.id, editor.id], set: { status: 0 } };
    const preview = await previewOf(usersResource, body, token);
    expect(preview).toMatchObject({ matched: 3, changing: 1, unchanged: 0 });
    expect(preview.refused).toEqual([
      { id: adminId, title: TEST_ADMIN.name, message: REFUSAL_MESSAGES.userBeyondYou },
      { id: editor.id, title: expect.any(String), message: REFUSAL_MESSAGES.cannotDeactivateSelf },
    ]);
    const { data } = await applyOf(usersResource, body, token);
    expect(data).toMatchObject({ updated: 1, unchanged: 0 });
    expect(data.refused.map((row) => row.id)).toEqual([adminId, editor.id]);
    const statuses = await t.app.db.select({ id: users.id, status: users.status }).from(users);
    const statusOf = (id: number) => statuses.find((row) => row.id === id)?.status;
    expect([statusOf(adminId), statusOf(plain.id), statusOf(editor.id)]).toEqual([1, 0, 1]);
    const [entry] = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'bulk-edit'))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(entry.details).toMatchObject({ refused_ids: [String(adminId), String(editor.id)] });
  });

  it('undoes a bulk edit (the old values back, as revisions), and a second undo is 409', async () => {
    const ids = await pumps(2, acme, 'Undo');
    const { data } = await applyOf(productsResource, { ids, set: { brand_id: globex.id, status: 0 } });
    expect(data.updated).toBe(2);
    const undo = await post(bulkEditUndoPath(productsResource, data.bulk_id), {});
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toEqual({
      data: { restored: 2 },
      message: format(BULK_EDIT_MESSAGES.undone, { restored: 2 }),
    });
    for (const id of ids) expect(await brandOf(id)).toBe(acme.id);
    const statuses = await t.app.db
      .select({ status: products.status })
      .from(products)
      .where(like(products.name, 'Undo %'));
    expect(statuses.map((row) => row.status)).toEqual([1, 1]);
    const restored = await t.app.db
      .select({ action: revisions.action })
      .from(revisions)
      .where(and(eq(revisions.import_id, `bulk-${data.bulk_id}`), eq(revisions.action, 'restore')));
    expect(restored).toHaveLength(2);
    const again = await post(bulkEditUndoPath(productsResource, data.bulk_id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BULK_EDIT_MESSAGES.alreadyUndone });
    expect((await post(bulkEditUndoPath(productsResource, crypto.randomUUID()), {})).statusCode).toBe(404);
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.kind, 'bulk-edit.undone'));
    expect(entry.details).toMatchObject({ bulk_id: data.bulk_id, restored: 2 });
  });

  it('refuses an undo (409, nothing done) when a record changed after the bulk edit', async () => {
    const ids = await pumps(2, acme, 'Changed after');
    const { data } = await applyOf(productsResource, { ids, set: { status: 0 } });
    await applyOf(productsResource, { ids: [ids[0]], set: { brand_id: globex.id } });
    const undo = await post(bulkEditUndoPath(productsResource, data.bulk_id), {});
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ message: format(BULK_EDIT_MESSAGES.changedSince, { count: 1 }) });
    expect(await brandOf(ids[0])).toBe(globex.id);
  });

  it('edits every row matching the list filters, across pages', async () => {
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Bulk Matching' });
    const ids = await pumps(3, brand, 'Matching');
    const [inactive] = await pumps(1, brand, 'Matching off');
    await applyOf(productsResource, { ids: [inactive], set: { status: 0 } });
    const query = { brand_ids: String(brand.id), status: '1', per_page: '10', page: '3' };
    const preview = await previewOf(productsResource, { query, set: { category_id: category.id } });
    expect(preview).toMatchObject({ matched: 3, changing: 0, unchanged: 3 });
    const other = await createTaxon(t, admin, '/api/categories', { name: 'Bulk Valves' });
    const { data } = await applyOf(productsResource, { query, set: { category_id: other.id } });
    expect(data).toMatchObject({ updated: 3, unchanged: 0 });
    const rows = await t.app.db
      .select({ id: products.id, category: products.category_id })
      .from(products)
      .where(eq(products.brand_id, brand.id));
    const categoryOf = (id: number) => rows.find((row) => row.id === id)?.category;
    expect(ids.map(categoryOf)).toEqual([other.id, other.id, other.id]);
    expect(categoryOf(inactive)).toBe(category.id);
  });

  it(`answers 422 naming the limit when more than ${BULK_EDIT_MAX} rows match`, async () => {
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Bulk Many' });
    await t.app.db.execute(
      sql`insert into products (name, slug, brand_id, category_id, status)
          select 'Many ' || n, 'bulk-many-' || n, ${brand.id}, ${category.id}, 1
          from generate_series(1, ${BULK_EDIT_MAX + 1}) n`,
    );
    const response = await post(bulkEditPreviewPath(productsResource), {
      query: { brand_ids: String(brand.id) },
      set: { status: 0 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toContain('10,000');
    const ids = Array.from({ length: BULK_EDIT_MAX + 1 }, (_, i) => i + 1);
    const byIds = await post(bulkEditPreviewPath(productsResource), { ids, set: { status: 0 } });
    expect(byIds.statusCode).toBe(422);
    expect(byIds.json<{ message: string }>().message).toContain('10,000');
  });

  it('sets a promotion’s end date, refusing one that would end before it starts', async () => {
    const make = async (title: string, date: string) => {
      const response = await post('/api/promotions', { title, date, status: 1 });
      expect(response.statusCode).toBe(201);
      return response.json<{ data: { id: number } }>().data.id;
    };
    const early = await make('Bulk spring', '2026-03-01');
    const late = await make('Bulk autumn', '2026-10-01');
    const body = { ids: [early, late], set: { end_date: '2026-06-30' } };
    const preview = await previewOf(promotionsResource, body);
    expect(preview).toMatchObject({
      matched: 2,
      changing: 1,
      fields: {
        end_date: { to: '2026-06-30', from: [{ value: null, label: BULK_EDIT_MESSAGES.none, count: 1 }] },
      },
    });
    expect(preview.refused).toEqual([
      {
        id: late,
        title: 'Bulk autumn',
        message: format(CATALOGUE_MESSAGES.endBeforeStart, {
          item: LABELS.endDate,
          start: LABELS.date.toLowerCase(),
        }),
      },
    ]);
    const { data } = await applyOf(promotionsResource, body);
    expect(data).toMatchObject({ updated: 1, refused: [{ id: late }] });
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/promotions/${early}`,
      headers: authHeader(admin),
    });
    expect(shown.json<{ data: { end_date: string | null } }>().data.end_date).toBe('2026-06-30');
  });
});
