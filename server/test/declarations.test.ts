import { inArray } from 'drizzle-orm';
import { en } from '../../src/shared/messages';
import { CREATED_DATE_FILTER, defineResource } from '../../src/shared/resources/resource';
import { roleCreateSchema, roleUpdateSchema, roleWire } from '../../src/shared/resources/roles';
import { roles } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { column } from '../crud/fields';
import { registerResource } from '../crud/register';
import { checkDeclaration, type AnyResource } from '../crud/resource';
import { roleSelect, toRoles } from '../repositories/roles';
import { RESOURCES } from '../resources';
import { productsServer } from '../resources/products';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

describe('resource declarations', () => {
  it('name exactly their contract’s sortable fields, filters and writable fields', () => {
    for (const declaration of RESOURCES)
      expect(() => checkDeclaration(declaration as unknown as AnyResource)).not.toThrow();
  });

  it('refuse a writer, sort or filter beyond the contract that came in through a spread', () => {
    const extra = { model_year: column(roles.name) };
    const drifted = { ...productsServer, write: { ...productsServer.write, ...extra } };
    expect(() => checkDeclaration(drifted as unknown as AnyResource)).toThrow(
      'products: write has model_year beyond the contract',
    );
    const { model: _model, ...withoutModel } = productsServer.write;
    expect(() =>
      checkDeclaration({ ...productsServer, write: withoutModel } as unknown as AnyResource),
    ).toThrow('products: write lacks model');
  });
});

/**
 * A resource's routes follow its permission group's actions: two stand-ins over the roles table, one
 * in a group with index and update only (as pages), one with index and destroy only (as subscribers).
 */
const roleList = {
  key: 'standIn',
  tag: 'StandIn',
  item: 'Stand-in',
  route: '/stand-in',
  titleField: 'name',
  sortable: ['name'],
  defaultSort: { sort: 'name', order: 'asc' },
  dateField: 'created_at',
  filters: { date: CREATED_DATE_FILTER },
  exportable: false,
  importable: false,
  wire: roleWire,
} as const;

const serverOf = <C extends typeof pagesLike | typeof subscribesLike>(contract: C) => ({
  table: roles,
  select: roleSelect,
  toItems: toRoles,
  search: [roles.name],
  sort: { name: roles.name },
  filters: {},
  contract,
});

const pagesLike = defineResource({ ...roleList, group: 'pages', input: { update: roleUpdateSchema } });
const subscribesLike = defineResource({ ...roleList, group: 'subscribes', input: {} });

const STAND_IN = '/stand-in';

describe('routes by permission action', () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        // Under a prefix: the real pages and subscribes resources hold /api/pages and /api/subscribes.
        extend: async (app) => {
          await app.register(
            async (scoped) => {
              registerResource(
                scoped,
                defineServerResource({
                  ...serverOf(pagesLike),
                  write: {
                    name: column(roles.name),
                    permissions: () => [],
                  },
                }),
              );
              registerResource(scoped, defineServerResource({ ...serverOf(subscribesLike), write: {} }));
            },
            { prefix: STAND_IN },
          );
        },
      },
    );
    admin = await adminToken(t.app);
    [{ id: roleId }] = await t.app.db
      .insert(roles)
      .values({ name: 'Stand-in role' })
      .returning({ id: roles.id });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `${STAND_IN}${url}`, payload, headers: authHeader(admin) });

  it('answers 405 with Allow for a create or delete the group has no action for', async () => {
    const create = await call('POST', '/api/pages', roleCreateSchema.getDefault());
    expect(create.statusCode).toBe(405);
    expect(create.headers.allow).toBe('GET');
    expect(create.json()).toEqual({ message: en.methodNotAllowed });
    const remove = await call('DELETE', `/api/pages/${roleId}`);
    expect(remove.statusCode).toBe(405);
    expect(remove.headers.allow).toBe('GET, PUT');
    expect((await call('GET', `/api/pages/${roleId}`)).statusCode).toBe(200);
  });

  it('keeps the actions the group has: update for pages, delete for subscribers', async () => {
    const shown = (await call('GET', `/api/pages/${roleId}`)).json().data;
    const updated = await call('PUT', `/api/pages/${roleId}`, {
      name: 'Renamed stand-in',
      permissions: [],
      updated_at: shown.updated_at,
    });
    expect(updated.statusCode).toBe(200);
    expect((await call('PUT', `/api/subscribes/${roleId}`, {})).statusCode).toBe(405);
    expect((await call('POST', '/api/subscribes', {})).statusCode).toBe(405);
    expect((await call('DELETE', `/api/subscribes/${roleId}`)).statusCode).toBe(200);
    const left = await t.app.db
      .select({ id: roles.id })
      .from(roles)
      .where(inArray(roles.id, [roleId]));
    expect(left).toEqual([]);
  });

  it('still documents nothing it does not serve', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(spec.paths[`${STAND_IN}/api/pages`] ?? {})).toEqual(['get']);
    expect(Object.keys(spec.paths[`${STAND_IN}/api/subscribes/{id}`] ?? {}).sort()).toEqual([
      'delete',
      'get',
    ]);
  });
});
