import { apiPath, hasAction, type ListResponse } from '../../src/shared/resources/resource';
import type { Cell } from '../crud/define';
import type { AnyResource, Declaration } from '../crud/resource';
import { neutralise } from '../crud/sheet';
import { importAnswer, multipart, signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { csvRows, xlsxRows } from './sheets';

type Item = Record<string, unknown> & { id: number };

/** A fully populated create input of a resource, built against a running app (uploads, references). */
export type Sample = (t: TestApp, token: string) => Promise<Record<string, unknown>>;

/** How an input field reads in the item: itself, or the id of the object it names (`brand_id` → `brand.id`, `logo` → `logo.id`). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value as read → as written: a record or file → its id; nested (a page's sections) a file's alt text beside it. */
function asWritten(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asWritten);
  if (!isRecord(value)) return value;
  if ('id' in value) return value.id;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, inner]) => [
      [key, asWritten(inner)],
      ...(isRecord(inner) && 'id' in inner ? [[`${key}_alt`, inner.alt]] : []),
    ]),
  );
}

function readBack(item: Item, key: string): unknown {
  // A picture's alt text (`image_alt`) reads back as its file object's `alt`.
  const alt = /^(.+)_alt$/.exec(key);
  if (alt && !(key in item)) {
    const picture = item[alt[1]];
    return picture !== null && typeof picture === 'object' ? (picture as { alt?: unknown }).alt : undefined;
  }
  if (key in item) return asWritten(item[key]);
  const named = key.replace(/_id$/, '');
  const ref = item[named];
  return ref !== null && typeof ref === 'object' ? (ref as { id: unknown }).id : undefined;
}

/**
 * For a resource without create (pages): the record the round trip updates instead, found against a
 * running app.
 */
export type Existing = (t: TestApp, token: string) => Promise<Item>;

/** Input fields that are not read back: a password and its confirmation are only ever written. */
const WRITE_ONLY = new Set(['password', 'password_confirmation']);

/**
 * What every resource must do, on one test app: its routes refuse a caller without a token (401) or
 * without the group's permission (403), a create without its fields (422) and a stale update (409);
 * and a fully populated record survives the round trip with every field intact: created, shown,
 * found in the list, exported as CSV and XLSX (each sheet column filled), and, after it is deleted,
 * imported back from each file with every spreadsheet column as it was. A field forgotten in any
 * layer (contract, table, select, mapping, writer, cells) breaks it. A new resource gets all of it
 * with one call: `describeResource(newsServer, sample)`.
 */
export interface RoundTripOptions {
  /**
   * Fields of the item that no input sets and the server fills only later, so a new record has
   * them null (a webhook's `disabled_at`, set when failures switch it off); named one by one.
   */
  nullOnCreate?: readonly string[];
  /**
   * Fields a restore from the trash makes anew because history never keeps them (a webhook's
   * signing secret): the restored item has each, filled and different; the rest is as it was.
   */
  newOnRestore?: readonly string[];
}

export function describeResource(
  declaration: Declaration,
  sample: Sample,
  existing?: Existing,
  { nullOnCreate = [], newOnRestore = [] }: RoundTripOptions = {},
): void {
  const resource = declaration as unknown as AnyResource;
  const { contract } = resource;
  const base = apiPath(contract);

  describe(`${contract.group}: guards and round trip`, () => {
    let t: TestApp;
    let admin: string;
    let input: Record<string, unknown>;
    let created: Item;
    beforeAll(async () => {
      t = await buildTestApp();
      admin = await adminToken(t.app);
      input = await sample(t, admin);
    });
    afterAll(() => t.close());

    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: authHeader(admin) });
    const show = async (id: number) => {
      const response = await get(`${base}/${id}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ data: Item }>().data;
    };
    const search = () => encodeURIComponent(String(input[contract.titleField]));
    const routes = [
      ['GET', base],
      ['GET', `${base}/1`],
      ...(hasAction(contract, 'store') ? [['POST', base]] : []),
      ...(hasAction(contract, 'update') ? [['PUT', `${base}/1`]] : []),
      ...(hasAction(contract, 'destroy') ? [['DELETE', `${base}/1`]] : []),
      ...(contract.exportable ? [['GET', `${base}/export`]] : []),
      ...(contract.importable
        ? [
            ['POST', `${base}/import`],
            ['GET', `${base}/import-template`],
          ]
        : []),
    ] as const;

    it('answers 401 without a token and 403 without the group’s permission, on every route', async () => {
      const outsider = await signInWith(t.app, admin, []);
      for (const [method, url] of routes) {
        const anonymous = await t.app.inject({ method, url });
        expect([method, url, anonymous.statusCode]).toEqual([method, url, 401]);
        const refused = await t.app.inject({ method, url, headers: authHeader(outsider.token) });
        expect([method, url, refused.statusCode]).toEqual([method, url, 403]);
      }
    });

    if (hasAction(contract, 'store')) {
      it('refuses a create without its fields with a 422 naming them, storing nothing', async () => {
        const total = async () => (await get(base)).json<ListResponse<Item>>().meta.total;
        const before = await total();
        const response = await t.app.inject({
          method: 'POST',
          url: base,
          headers: authHeader(admin),
          payload: {},
        });
        expect(response.statusCode).toBe(422);
        expect(Object.keys(response.json<{ errors: object }>().errors)).toContain(contract.titleField);
        expect(await total()).toBe(before);
      });
    }
    const cellsOf = (item: Item): Record<string, Cell> => resource.cells!(item);
    const importable = (contract.sheet ?? []).filter((column) => column.import);

    const creates = hasAction(contract, 'store');
    it(`${creates ? 'creates' : 'updates'} a fully populated record and answers every field it was given`, async () => {
      let response;
      if (creates) {
        response = await t.app.inject({
          method: 'POST',
          url: base,
          headers: authHeader(admin),
          payload: input,
        });
        expect(response.statusCode).toBe(201);
      } else {
        if (!existing)
          throw new Error(`${contract.group} has no create: describeResource needs \`existing\``);
        const target = await existing(t, admin);
        response = await t.app.inject({
          method: 'PUT',
          url: `${base}/${target.id}`,
          headers: authHeader(admin),
          payload: { ...input, updated_at: target.updated_at },
        });
        expect(response.statusCode).toBe(200);
      }
      created = response.json<{ data: Item }>().data;
      for (const [key, value] of Object.entries(input)) {
        if (WRITE_ONLY.has(key)) continue;
        expect([key, readBack(created, key)]).toEqual([key, value]);
      }
      // Fully populated: no field of the answer is empty (a record made by a migration has no creator).
      for (const [key, value] of Object.entries(created))
        if ((creates || key !== 'created_by') && !nullOnCreate.includes(key))
          expect([key, value]).not.toEqual([key, null]);
    });

    it('shows it as created', async () => {
      expect(await show(created.id)).toEqual(created);
    });

    if (hasAction(contract, 'update')) {
      it('refuses an update from a stale version with a 409, keeping the record', async () => {
        const response = await t.app.inject({
          method: 'PUT',
          url: `${base}/${created.id}`,
          headers: authHeader(admin),
          payload: { ...input, updated_at: '2000-01-01T00:00:00.000Z' },
        });
        expect(response.statusCode).toBe(409);
        expect(await show(created.id)).toEqual(created);
      });
    }

    it('lists it as shown', async () => {
      const response = await get(`${base}?search=${search()}&per_page=100`);
      expect(response.statusCode).toBe(200);
      const { data } = response.json<ListResponse<Item>>();
      expect(data.find((item) => item.id === created.id)).toEqual(created);
    });

    /** The item as a restore leaves it: the same but for who saved it last and when. */
    const unsaved = (item: Item) => ({ ...item, updated_at: undefined, updated_by: undefined });

    if (hasAction(contract, 'update'))
      it('restores its latest version: every field maps back to the update input (files, lists, sections)', async () => {
        const [latest] = (await get(`${base}/${created.id}/revisions`)).json<{ data: { id: number }[] }>()
          .data;
        const response = await t.app.inject({
          method: 'POST',
          url: `${base}/${created.id}/revisions/${latest.id}/restore`,
          headers: authHeader(admin),
        });
        expect(response.statusCode).toBe(200);
        expect(unsaved(response.json<{ data: Item }>().data)).toEqual(unsaved(created));
        created = await show(created.id);
      });

    if (hasAction(contract, 'destroy'))
      it('deletes it and restores it from the trash with its id and every field', async () => {
        const removed = await t.app.inject({
          method: 'DELETE',
          url: `${base}/${created.id}`,
          headers: authHeader(admin),
        });
        expect(removed.statusCode).toBe(200);
        const response = await t.app.inject({
          method: 'POST',
          url: `${base}/${created.id}/restore`,
          headers: authHeader(admin),
        });
        expect(response.statusCode).toBe(200);
        const restored = response.json<{ data: Item }>().data;
        for (const key of newOnRestore) {
          expect([key, restored[key]]).not.toEqual([key, created[key]]);
          expect([key, restored[key]]).not.toEqual([key, null]);
        }
        const renewed = (item: Item) =>
          Object.fromEntries(Object.entries(unsaved(item)).filter(([key]) => !newOnRestore.includes(key)));
        expect(renewed(restored)).toEqual(renewed(created));
        created = await show(created.id);
      });

    if (!contract.exportable) return;

    for (const format of ['csv', 'xlsx'] as const) {
      it(`exports it as ${format.toUpperCase()} with every sheet column filled, and imports it back intact`, async () => {
        const exported = await get(`${base}/export?format=${format}&search=${search()}`);
        expect(exported.statusCode).toBe(200);
        const rows = format === 'csv' ? csvRows(exported.body) : await xlsxRows(exported.rawPayload);
        const [header, row, ...rest] = rows;
        expect(rest).toEqual([]);
        expect(header).toEqual((contract.sheet ?? []).map((column) => column.label));
        const cells = cellsOf(created);
        (contract.sheet ?? []).forEach((column, index) => {
          // As written to the file: a would-be formula gets its `'` (restored on import).
          expect([column.key, row[index]]).toEqual([column.key, String(neutralise(cells[column.key]) ?? '')]);
          expect([column.key, row[index]]).not.toEqual([column.key, '']);
        });

        if (!contract.importable || !hasAction(contract, 'destroy')) return;
        const removed = await t.app.inject({
          method: 'DELETE',
          url: `${base}/${created.id}`,
          headers: authHeader(admin),
        });
        expect(removed.statusCode).toBe(200);
        const { payload, headers } = multipart([
          {
            name: 'file',
            value: format === 'csv' ? exported.body : exported.rawPayload,
            filename: `back.${format}`,
          },
        ]);
        const imported = await t.app.inject({
          method: 'POST',
          url: `${base}/import`,
          payload,
          headers: { ...headers, ...authHeader(admin) },
        });
        expect(imported.statusCode).toBe(200);
        expect(imported.json().data).toEqual(importAnswer(1, 0, 0));

        const listed = (await get(`${base}?search=${search()}`)).json<ListResponse<Item>>().data;
        expect(listed).toHaveLength(1);
        const back = cellsOf(await show(listed[0].id));
        for (const column of importable)
          expect([column.key, back[column.key]]).toEqual([column.key, cells[column.key]]);
        // The next format exports the record as it now is (files are not in the sheet).
        created = await show(listed[0].id);
      });
    }
  });
}
