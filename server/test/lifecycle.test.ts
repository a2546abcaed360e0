import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { deferred } from '../../test/async';
import { PERMISSION_CATALOGUE } from '../../src/shared/permissions';
import { buildApp } from '../app';
import { permissions, roles, users } from '../db/schema';
import { SUPER_ADMIN_ROLE } from '../db/seed';
import {
  buildTestApp,
  createNativePglite,
  login,
  testConfig,
  throwawayDatabase,
  type TestApp,
} from './helper';

describe('migrations and seed', () => {
  it('run twice on the same database without a second admin, role or permission', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-seed-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await throwawayDatabase() : undefined;
    const announced: string[] = [];
    const config = testConfig({
      dataDir,
      inMemoryDb: false,
      databaseUrl: database?.url,
      admin: { name: 'Seeded Admin', email: 'Seeded@Example.com'.toLowerCase(), password: undefined },
    });
    const deps = { createPglite: createNativePglite, announce: (text: string) => announced.push(text) };
    try {
      const first = await buildApp(config, deps);
      expect(announced).toHaveLength(1);
      const password = /password: (\S+)/.exec(announced[0])?.[1] ?? '';
      expect(announced[0]).toContain('seeded@example.com');
      expect(password.length).toBeGreaterThanOrEqual(20);
      await expect(login(first, 'seeded@example.com', password)).resolves.toBeDefined();
      await first.close();

      const second = await buildApp(config, deps);
      try {
        expect(announced).toHaveLength(1);
        const [{ n: userCount }] = await second.db.select({ n: count() }).from(users);
        const [{ n: roleCount }] = await second.db
          .select({ n: count() })
          .from(roles)
          .where(eq(roles.name, SUPER_ADMIN_ROLE));
        const [{ n: permissionCount }] = await second.db.select({ n: count() }).from(permissions);
        expect(userCount).toBe(1);
        expect(roleCount).toBe(1);
        expect(permissionCount).toBe(PERMISSION_CATALOGUE.length);
        await expect(login(second, 'seeded@example.com', password)).resolves.toBeDefined();
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('shutdown', () => {
  let t: TestApp;
  // The slow route says when the request reached it, so the close starts with it in flight however
  // slowly the machine accepts the connection.
  const reached = deferred<void>();
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        extend: (app) => {
          app.get('/api/test/slow', async () => {
            reached.resolve();
            await new Promise((resolve) => setTimeout(resolve, 300));
            return { done: true };
          });
        },
      },
    );
  });

  it('lets an in-flight request finish before closing', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const pending = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/api/test/slow`, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    await reached.promise;
    const closed = t.close();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ done: true });
    await closed;
  });
});
