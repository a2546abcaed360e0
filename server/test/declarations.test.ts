import { inArray } from 'drizzle-orm';
import { CREATED_DATE_FILTER, defineResource } from '../../src/shared/resources/resource';
import { roleWire } from '../../src/shared/resources/roles';
import { roles } from '../db/schema';
import { defineServerResource } from '../crud/define';
import { column } from '../crud/fields';
import { registerResource } from '../crud/register';
import { checkDeclaration, type AnyResource } from '../crud/resource';
import { roleSelect, toRoles } from '../repositories/roles';
import { RESOURCES } from '../resources';
import { productsServer } from '../resources/products';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

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
 * A resource's routes follow its permission group's actions: the pages (index and update only) and a
 * stand-in over the roles table in a group with index and destroy only (as subscribers).
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

const serverOf = <C extends typeof subscribesLike>(contract: C) => ({
  table: roles,
  select: roleSelect,
  toItems: toRoles,
  search: [roles.name],
  sort: { name: roles.name },
  filters: {},
  contract,
});

const subscribesLike = defineResource({ ...roleList, group: 'subscribes', input: {} });

/** The stand-in's prefix: the real subscribers resource holds /api/subscribes. */
const STAND_IN = '/stand-in';

describe('routes by permission action', () => {
  let t: TestApp;
  let admin: string;
  let roleId: number;
  let pageId: number;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: async (app) => {
          await app.register(
            async (scoped) => {
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
    pageId = (await call('GET', '/api/pages')).json<{ data: { id: number }[] }>().data[0].id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: authHeader(admin) });

  it('answers 405 with Allow for a create or delete the group has no action for', async () => {
    const create = await call('POST', '/api/pages', { title: 'An eighth page' });
    expect(create.statusCode).toBe(405);
    expect(create.headers.allow).toBe('GET');
    expect(create.json()).toEqual({ message: SERVER_MESSAGES.methodNotAllowed });
    const remove = await call('DELETE', `/api/pages/${pageId}`);
    expect(remove.statusCode).toBe(405);
    expect(remove.headers.allow).toBe('GET, PUT');
    expect((await call('GET', `/api/pages/${pageId}`)).statusCode).toBe(200);
  });

  it('keeps the actions the group has: update for pages, delete for subscribers', async () => {
    const shown = (await call('GET', `/api/pages/${pageId}`)).json().data;
    const updated = await call('PUT', `/api/pages/${pageId}`, {
      title: 'Renamed page',
      status: 1,
      updated_at: shown.updated_at,
    });
    expect(updated.statusCode).toBe(200);
    expect((await call('PUT', `${STAND_IN}/api/subscribes/${roleId}`, {})).statusCode).toBe(405);
    expect((await call('POST', `${STAND_IN}/api/subscribes`, {})).statusCode).toBe(405);
    expect((await call('DELETE', `${STAND_IN}/api/subscribes/${roleId}`)).statusCode).toBe(200);
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
    expect(Object.keys(spec.paths['/api/pages'] ?? {})).toEqual(['get']);
    expect(Object.keys(spec.paths[`${STAND_IN}/api/subscribes/{id}`] ?? {}).sort()).toEqual([
      'delete',
      'get',
    ]);
  });
});
