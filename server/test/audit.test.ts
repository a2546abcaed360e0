import { eq, sql } from 'drizzle-orm';
import type { AuditLogEntry } from '../../src/shared/resources/auditLogs';
import type { ListResponse } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import { seed } from '../db/seed';
import { auditLogs, permissions, rolePermissions, roles, users } from '../db/schema';
import { actorById, auditExport, purgeAuditLogs } from '../security/audit';
import { createTestUser, postFile, signInWith } from './fixtures';
import {
  adminToken,
  authHeader,
  buildTestApp,
  login,
  TEST_ADMIN,
  tokenRequest,
  type TestApp,
} from './helper';

const DAY_MS = 86_400_000;

/** The database's refusal of a statement (drizzle wraps it: the reason is the cause's message). */
const refusal = async (statement: Promise<unknown>): Promise<string> => {
  try {
    await statement;
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
  }
  return 'accepted';
};

describe('audit log', () => {
  let t: TestApp;
  let admin: string;
  const headers = () => authHeader(admin);

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await adminToken(t.app);
  });
  afterAll(() => t.close());

  /** Every entry (newest first) matching the list query. */
  const entries = async (query = '', token = admin): Promise<AuditLogEntry[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/audit-logs?per_page=100${query}`,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<AuditLogEntry>>().data;
  };
  const latest = async (kind: string) => (await entries(`&kinds=${kind}`))[0];
  const catalogue = async () =>
    (await t.app.inject({ method: 'GET', url: API_PATHS.permissions, headers: headers() })).json<{
      data: { id: number; name: string }[];
    }>().data;

  describe('events', () => {
    it('a sign-in names the user and the address; a failed one the address tried, never the password', async () => {
      await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
      const signIn = await latest('sign-in');
      expect(signIn).toMatchObject({
        kind: 'sign-in',
        actor_email: TEST_ADMIN.email,
        actor_name: TEST_ADMIN.name,
      });
      expect(signIn.ip).toBe('127.0.0.1');

      const wrong = 'Not-The-Passw0rd-42';
      const failed = await t.app.inject(
        tokenRequest({ grant_type: 'password', username: TEST_ADMIN.email, password: wrong }),
      );
      expect(failed.statusCode).toBe(400);
      const entry = await latest('sign-in.failed');
      expect(entry).toMatchObject({ actor_id: null, actor_email: TEST_ADMIN.email });
      expect(JSON.stringify(entry)).not.toContain(wrong);
    });

    it('a sign-out', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const out = await t.app.inject({
        method: 'POST',
        url: API_PATHS.logout,
        headers: authHeader(access_token),
      });
      expect(out.statusCode).toBe(200);
      expect(await latest('sign-out')).toMatchObject({ actor_id: user.id, actor_email: user.email });
    });

    it('a password change, a reset request and a reset', async () => {
      const user = await createTestUser(t.app);
      const { access_token } = await login(t.app, user.email, user.password);
      const changed = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.accountPassword,
        headers: authHeader(access_token),
        payload: {
          current_password: user.password,
          password: 'Brand-New-Secret-77',
          password_confirmation: 'Brand-New-Secret-77',
        },
      });
      expect(changed.statusCode).toBe(200);
      expect(await latest('password.changed')).toMatchObject({
        actor_id: user.id,
        resource: 'users',
        record_id: user.id,
      });

      await t.app.inject({ method: 'POST', url: API_PATHS.passwordForgot, payload: { email: user.email } });
      expect(await latest('password.reset-requested')).toMatchObject({
        actor_id: user.id,
        record_id: user.id,
      });
      const link = new URL(/https?:\/\/\S+/.exec((await t.mails()).at(-1)?.text ?? '')?.[0] ?? '');
      const token = link.searchParams.get('token') ?? '';
      const reset = await t.app.inject({
        method: 'POST',
        url: API_PATHS.passwordReset,
        payload: {
          token,
          email: user.email,
          password: 'Reset-Secret-Value-88',
          password_confirmation: 'Reset-Secret-Value-88',
        },
      });
      expect(reset.statusCode).toBe(200);
      const done = await latest('password.reset');
      expect(done).toMatchObject({ actor_id: user.id, record_id: user.id });
      const all = JSON.stringify(await entries());
      for (const secret of ['Brand-New-Secret-77', 'Reset-Secret-Value-88', token, user.password])
        expect(all).not.toContain(secret);
    });

    it('a rotated refresh token presented again', async () => {
      const user = await createTestUser(t.app);
      const first = await login(t.app, user.email, user.password);
      const refresh = () =>
        t.app.inject(tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token }));
      expect((await refresh()).statusCode).toBe(200);
      expect((await refresh()).statusCode).toBe(400);
      const entry = await latest('token.reused');
      expect(entry).toMatchObject({ actor_id: user.id, resource: 'users', record_id: user.id });
      expect(JSON.stringify(entry)).not.toContain(first.refresh_token);
    });

    it('a user created, changed (which fields), deactivated and deleted, by whom', async () => {
      const [role] = await t.app.db.select({ id: roles.id }).from(roles).limit(1);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: headers(),
        payload: {
          name: 'Audit Person',
          email: 'audit.person@example.com',
          role_id: role.id,
          status: 1,
          password: 'Orchid-Lantern-123',
          password_confirmation: 'Orchid-Lantern-123',
        },
      });
      expect(created.json()).toMatchObject({ data: { name: 'Audit Person' } });
      const user = created.json<{ data: { id: number; updated_at: string } }>().data;
      expect(await latest('user.created')).toMatchObject({
        actor_email: TEST_ADMIN.email,
        resource: 'users',
        record_id: user.id,
        record_exists: true,
      });

      const body = {
        name: 'Audit Person Renamed',
        email: 'audit.person@example.com',
        phone_number: null,
        role_id: role.id,
        status: 1,
        photo: null,
        password: 'Velvet-Harbor-456',
        password_confirmation: 'Velvet-Harbor-456',
      };
      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: headers(),
        payload: { ...body, updated_at: user.updated_at },
      });
      expect(changed.statusCode).toBe(200);
      const change = await latest('user.changed');
      expect(change.details).toEqual({ fields: ['name', 'password'] });

      const deactivated = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: headers(),
        payload: {
          ...body,
          password: '',
          password_confirmation: '',
          status: 0,
          updated_at: changed.json<{ data: { updated_at: string } }>().data.updated_at,
        },
      });
      expect(deactivated.statusCode).toBe(200);
      expect((await latest('user.deactivated')).details).toEqual({ fields: ['status'] });

      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: headers() }))
          .statusCode,
      ).toBe(200);
      expect(await latest('user.deleted')).toMatchObject({ record_id: user.id, record_exists: false });
      const all = JSON.stringify(await entries('&resources=users'));
      for (const secret of ['Orchid-Lantern-123', 'Velvet-Harbor-456', '$argon2'])
        expect(all).not.toContain(secret);
    });

    it('a role created, changed (permissions added and removed, by name) and deleted', async () => {
      const byName = new Map((await catalogue()).map((p) => [p.name, p.id]));
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/roles',
        headers: headers(),
        payload: {
          name: 'Audited Editors',
          permissions: [byName.get('news.index'), byName.get('news.update')],
        },
      });
      expect(created.statusCode).toBe(201);
      const role = created.json<{ data: { id: number; updated_at: string } }>().data;
      expect((await latest('role.created')).details).toEqual({
        name: 'Audited Editors',
        permissions: ['news.index', 'news.update'],
        require_second_factor: false,
      });

      const changed = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${role.id}`,
        headers: headers(),
        payload: {
          name: 'Audited Editors',
          permissions: [byName.get('news.index'), byName.get('users.index')],
          updated_at: role.updated_at,
        },
      });
      expect(changed.statusCode).toBe(200);
      const change = await latest('role.changed');
      expect(change).toMatchObject({ actor_email: TEST_ADMIN.email, resource: 'roles', record_id: role.id });
      expect(change.details).toEqual({ added: ['users.index'], removed: ['news.update'] });
      expect(change.summary).toBe('Role Audited Editors changed: added users.index; removed news.update');

      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers: headers() }))
          .statusCode,
      ).toBe(200);
      expect(await latest('role.deleted')).toMatchObject({
        record_id: role.id,
        summary: 'Role Audited Editors deleted',
      });
    });

    it('a refused change leaves no entry (same transaction)', async () => {
      const before = (await entries('&kinds=role.changed')).length;
      const [superRole] = await t.app.db.select().from(roles).where(eq(roles.is_super, true));
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/roles/${superRole.id}`,
        headers: headers(),
        payload: { name: superRole.name, permissions: [], updated_at: superRole.updated_at.toISOString() },
      });
      expect(refused.statusCode).toBe(422);
      expect(await entries('&kinds=role.changed')).toHaveLength(before);
    });

    it('company settings changed: which fields', async () => {
      const saved = await t.app.inject({
        method: 'PUT',
        url: API_PATHS.companySettings,
        headers: headers(),
        payload: { address: 'Main Street 1', linkedin: 'https://linkedin.com/company/x', updated_at: null },
      });
      expect(saved.statusCode).toBe(200);
      const entry = await latest('company.changed');
      expect(entry).toMatchObject({ resource: 'settings', actor_email: TEST_ADMIN.email });
      expect(entry.details).toEqual({ fields: ['address', 'linkedin'] });
    });

    it('an import (resource, rows created and updated) and an export (resource, format, rows)', async () => {
      const csv = 'Name,Email,Role,Status\nImported One,imported.one@example.com,Super Admin,1\n';
      const imported = await postFile(t.app, admin, '/api/users/import', csv, 'people.csv');
      expect(imported.statusCode).toBe(200);
      expect(await latest('import')).toMatchObject({
        resource: 'users',
        details: { created: 1, updated: 0 },
        actor_email: TEST_ADMIN.email,
      });
      // A dry run stores nothing, and writes no entry either.
      const count = (await entries('&kinds=import')).length;
      await postFile(t.app, admin, '/api/users/import?dry_run=true', csv, 'people.csv');
      expect(await entries('&kinds=import')).toHaveLength(count);

      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/users/export?format=csv',
        headers: headers(),
      });
      expect(exported.statusCode).toBe(200);
      const rows = exported.body.trim().split('\n').length - 1;
      expect(rows).toBeGreaterThan(1);
      expect(await latest('export')).toMatchObject({ resource: 'users', details: { format: 'csv', rows } });
    });
    it('an export stopped midway is recorded too, with the rows sent so far', async () => {
      async function* batches() {
        yield [1, 2];
        yield [3];
      }
      const [adminRow] = await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, TEST_ADMIN.email));
      const actor = await actorById(t.app.db, adminRow.id);
      if (!actor) throw new Error('no admin');
      const download = auditExport(t.app.db, actor, 'users', 'xlsx', batches());
      await download.next();
      await download.return(undefined);
      expect(await latest('export')).toMatchObject({
        actor_email: TEST_ADMIN.email,
        details: { format: 'xlsx', rows: 2, incomplete: true },
      });
    });
  });

  describe('the list', () => {
    it('needs audit-logs.index (403 without it), and answers with it alone', async () => {
      const without = await signInWith(t.app, admin, ['users.index', 'roles.index', 'settings.show']);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/audit-logs',
        headers: authHeader(without.token),
      });
      expect(refused.statusCode).toBe(403);
      const exportRefused = await t.app.inject({
        method: 'GET',
        url: '/api/audit-logs/export',
        headers: authHeader(without.token),
      });
      expect(exportRefused.statusCode).toBe(403);
      const reader = await signInWith(t.app, admin, ['audit-logs.index']);
      expect((await entries('', reader.token)).length).toBeGreaterThan(0);
      // The user filter's options open to the audit reader.
      const options = await t.app.inject({
        method: 'GET',
        url: '/api/users/options',
        headers: authHeader(reader.token),
      });
      expect(options.statusCode).toBe(200);
    });

    it('has no route that changes or deletes an entry', async () => {
      const [entry] = await entries();
      for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
        const response = await t.app.inject({
          method,
          url: `/api/audit-logs/${entry.id}`,
          headers: headers(),
        });
        expect([404, 405]).toContain(response.statusCode);
      }
      const post = await t.app.inject({
        method: 'POST',
        url: '/api/audit-logs',
        headers: headers(),
        payload: {},
      });
      expect(post.statusCode).toBe(405);
      const show = await t.app.inject({
        method: 'GET',
        url: `/api/audit-logs/${entry.id}`,
        headers: headers(),
      });
      expect(show.json()).toEqual({ data: entry });
    });

    it('filters by kind, user, resource, date range and search; newest first by default', async () => {
      const all = await entries();
      const times = all.map((entry) => entry.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const roleEntries = await entries('&resources=roles');
      expect(roleEntries.length).toBeGreaterThan(0);
      expect(roleEntries.every((entry) => entry.resource === 'roles')).toBe(true);
      const [adminUser] = all.filter((entry) => entry.actor_email === TEST_ADMIN.email && entry.actor_id);
      const mine = await entries(`&user_ids=${adminUser.actor_id}`);
      expect(mine.every((entry) => entry.actor_id === adminUser.actor_id)).toBe(true);
      const two = await entries('&kinds=role.created,role.deleted');
      expect(new Set(two.map((entry) => entry.kind))).toEqual(new Set(['role.created', 'role.deleted']));
      const found = await entries('&search=Audited%20Editors');
      expect(found.length).toBeGreaterThanOrEqual(3);
      expect(found.every((entry) => entry.summary.includes('Audited Editors'))).toBe(true);
      expect(await entries('&date_from=2001-01-01&date_to=2001-01-02')).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      expect((await entries(`&date_from=${today}&date_to=${today}`)).length).toBe(all.length);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/audit-logs?kinds=nope',
        headers: headers(),
      });
      expect(bad.statusCode).toBe(422);
    });

    it('exports CSV and XLSX with the filters', async () => {
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/audit-logs/export?format=csv&kinds=role.changed',
        headers: headers(),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain('Role changed');
      expect(csv.body).not.toContain('Signed in');
      const xlsx = await t.app.inject({
        method: 'GET',
        url: '/api/audit-logs/export?format=xlsx',
        headers: headers(),
      });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });

  describe('append-only in the database', () => {
    it('refuses a direct UPDATE, DELETE and TRUNCATE', async () => {
      expect(await refusal(t.app.db.execute(sql`update audit_logs set summary = 'forged'`))).toMatch(
        /append-only/,
      );
      expect(await refusal(t.app.db.execute(sql`delete from audit_logs`))).toMatch(/append-only/);
      expect(await refusal(t.app.db.execute(sql`truncate audit_logs`))).toMatch(/append-only/);
      // Nor does naming a recent cut-off let recent entries go.
      expect(
        await refusal(
          t.app.db.transaction(async (tx) => {
            await tx.execute(
              sql`select set_config('audit_logs.purge_before', ${new Date().toISOString()}, true)`,
            );
            await tx.execute(sql`delete from audit_logs`);
          }),
        ),
      ).toMatch(/append-only/);
      // Unlinking the actor is refused when asked for directly…
      expect(await refusal(t.app.db.execute(sql`update audit_logs set actor_id = null`))).toMatch(
        /append-only/,
      );
    });

    it('…but a deleted user leaves their entries, unlinked, with their name', async () => {
      const user = await createTestUser(t.app);
      await login(t.app, user.email, user.password);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/users/${user.id}`, headers: headers() }))
          .statusCode,
      ).toBe(200);
      const signIns = (await entries('&kinds=sign-in')).filter((entry) => entry.actor_email === user.email);
      expect(signIns).toHaveLength(1);
      expect(signIns[0].actor_id).toBeNull();
    });
  });

  describe('retention', () => {
    it('purges the entries older than the retention, keeps the rest', async () => {
      const at = Date.now();
      const insert = (daysAgo: number, summary: string) =>
        t.app.db.insert(auditLogs).values({
          kind: 'export',
          summary,
          created_at: new Date(at - daysAgo * DAY_MS),
        });
      await insert(400, 'very old');
      await insert(366, 'just past');
      await insert(364, 'within');
      const before = (await entries()).length;
      expect(await purgeAuditLogs(t.app.db, 365, at)).toBe(2);
      const left = await entries();
      expect(left).toHaveLength(before - 2);
      expect(left.map((entry) => entry.summary)).toContain('within');
      expect(left.map((entry) => entry.summary)).not.toContain('very old');
      // 0 keeps everything.
      expect(await purgeAuditLogs(t.app.db, 0, at)).toBe(0);
    });
  });

  describe('permission catalogue', () => {
    it('an upgraded database gains audit-logs.index, and its Super Admin holds it', async () => {
      await t.app.db.delete(permissions).where(eq(permissions.name, 'audit-logs.index'));
      expect((await catalogue()).map((p) => p.name)).not.toContain('audit-logs.index');
      await seed(t.app.db, t.config);
      const [held] = await t.app.db
        .select({ name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
        .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
        .where(sql`${roles.is_super} and ${permissions.name} = 'audit-logs.index'`);
      expect(held).toEqual({ name: 'audit-logs.index' });
    });
  });
});
