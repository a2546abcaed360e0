import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import vm from 'node:vm';
import type { Extension, PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { TokenResponse } from '../../src/shared/contracts/account';
import { API_PATHS } from '../../src/shared/routes';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { threadPglite } from '../db/client';
import type { MailMessage, Mailer } from '../plugins/mail';
import { startS3TestServer, testBucketName, type S3TestServer } from './s3TestServer';
import { pgliteFromTemplate, postgresTemplateFor } from './templates';

export const TEST_ADMIN = {
  name: 'Test Admin',
  email: 'admin@example.com',
  password: 'Admin-Passw0rd!',
} as const;
export const TEST_CLIENT = { clientId: 'test-spa', clientSecret: 'test-spa-secret' } as const;
export const TEST_PUBLIC_URL = 'http://admin.test';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /**
   * Every message the app sent, newest last, once the queued mails are out (the mail job has run;
   * a mail waiting for a retry does not count).
   */
  mails(): Promise<MailMessage[]>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'adm-test-'));
  const base = loadConfig({});
  return {
    ...base,
    dataDir,
    inMemoryDb: true,
    uploadsDir: path.join(dataDir, 'uploads'),
    staticDir: path.join(dataDir, 'no-build'),
    admin: { ...TEST_ADMIN },
    publicUrl: TEST_PUBLIC_URL,
    oauth: { ...TEST_CLIENT },
    smtpUrl: undefined,
    redisUrl: undefined,
    logLevel: false,
    // A Jest worker on a loaded machine was held past the server's 5 s, and later past 30 s, on a
    // new connection (CI rehearsals at load 15–24: the connect timer fires first when the worker's
    // event loop comes back from a long synchronous stretch, with the server's answer unread). No
    // test needs a short one: an outage is refused at once (database-outage.postgres.test.ts, through
    // a relay that closes). Below Jest's 300 s, so a connection that never opens still says so.
    databaseConnectTimeoutMs: 240_000,
    ...overrides,
  };
}

/**
 * PGlite loads its WebAssembly with dynamic import(), which Jest's module sandbox refuses unless Node
 * runs with --experimental-vm-modules. So tests load PGlite through Node's own loader instead.
 */
const nativeImport = vm.runInThisContext('(specifier) => import(specifier)', {
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
} as vm.RunningScriptOptions) as <Module>(specifier: string) => Promise<Module>;

/**
 * PGlite with the extensions the migrations create (as server/db/client.ts opens it), loaded natively;
 * `contrib` adds the modules a test inspects the database with (pageinspect).
 */
export async function createNativePglite(dataDir?: string, contrib: readonly string[] = []): Promise<PGlite> {
  const names = ['pg_trgm', 'btree_gin', ...contrib];
  const [{ PGlite: NativePGlite }, modules] = await Promise.all([
    nativeImport<typeof import('@electric-sql/pglite')>(require.resolve('@electric-sql/pglite')),
    Promise.all(
      names.map((name) =>
        nativeImport<Record<string, Extension>>(require.resolve(`@electric-sql/pglite/contrib/${name}`)),
      ),
    ),
  ]);
  const extensions = Object.fromEntries(names.map((name, index) => [name, modules[index][name]]));
  return new NativePGlite({ dataDir, extensions });
}

let counter = 0;

/** A throwaway database in TEST_DATABASE_URL's server, dropped again when the app closes. */
export async function throwawayDatabase(
  template?: (serverUrl: string) => Promise<string>,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `adm_test_${process.pid}_${++counter}_${randomBytes(4).toString('hex')}`;
  const copyOf = template ? ` template "${await template(serverUrl)}"` : '';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${copyOf}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/**
 * The app on a fresh database (in-memory PGlite, or a throwaway PostgreSQL database when
 * TEST_DB_DRIVER=postgres), seeded with TEST_ADMIN, mail captured, logger off.
 */
export async function buildTestApp(overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  let afterClose = deps.afterClose;
  // A copy of the migrated and seeded template (test/templates.ts) when the seed is the usual one
  // and the test does not open PGlite its own way.
  const templated =
    !deps.createPglite &&
    JSON.stringify(config.admin) === JSON.stringify(TEST_ADMIN) &&
    JSON.stringify(config.oauth) === JSON.stringify(TEST_CLIENT);
  // On PostgreSQL unless a database is named, or PGlite on disk is asked for (inMemoryDb: false).
  if (process.env.TEST_DB_DRIVER === 'postgres' && !overrides.databaseUrl && overrides.inMemoryDb !== false) {
    const database = await throwawayDatabase(
      templated ? (serverUrl) => postgresTemplateFor(serverUrl, config) : undefined,
    );
    config.databaseUrl = database.url;
    afterClose = async () => {
      await deps.afterClose?.();
      await database.drop();
    };
  }
  const mailer = memoryMailer();
  const app = await buildApp(config, {
    // With an SMTP_URL the real transport is under test; otherwise mail is captured here.
    mailer: config.smtpUrl ? undefined : mailer,
    // PGlite in its own thread, as the server runs it (db/pgliteThread.ts).
    createPglite: templated ? pgliteFromTemplate(config, () => createNativePglite()) : threadPglite,
    ...deps,
    afterClose,
  });
  return {
    app,
    config,
    mails: async () => {
      await app.jobs.settle();
      return mailer.sent;
    },
    close: async () => {
      await app.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export const authHeader = (token: string): { authorization: string } => ({
  authorization: `Bearer ${token}`,
});

export function tokenRequest(fields: Record<string, string>) {
  return {
    method: 'POST' as const,
    url: API_PATHS.token,
    payload: { client_id: TEST_CLIENT.clientId, client_secret: TEST_CLIENT.clientSecret, ...fields },
  };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<TokenResponse> {
  const response = await app.inject(
    tokenRequest({ grant_type: 'password', username: email, password, scope: '*' }),
  );
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}

/** TEST_ADMIN's access token (the seeded Super Admin: every permission). */
export const adminToken = async (app: FastifyInstance): Promise<string> =>
  (await login(app, TEST_ADMIN.email, TEST_ADMIN.password)).access_token;

/** The file stores the upload and file tests run on: local disk, and an S3-compatible bucket. */
export const STORAGE_BACKENDS = ['disk', 's3'] as const;
export type StorageBackend = (typeof STORAGE_BACKENDS)[number];

/**
 * `buildTestApp` with its files on `backend`: for 's3' a real S3-compatible test server on loopback
 * (s3rver) with a bucket of its own, stopped again by `close`.
 */
export async function buildStorageTestApp(
  backend: StorageBackend,
  overrides: Partial<Config> = {},
  deps: AppDeps = {},
): Promise<TestApp & { s3?: S3TestServer }> {
  if (backend === 'disk') return buildTestApp(overrides, deps);
  const s3 = await startS3TestServer();
  try {
    const bucket = testBucketName();
    await s3.createBucket(bucket);
    const t = await buildTestApp({ s3: s3.settings(bucket), ...overrides }, deps);
    return {
      ...t,
      s3,
      close: async () => {
        await t.close();
        await s3.close();
      },
    };
  } catch (error) {
    await s3.close();
    throw error;
  }
}

/** A stored file's bytes as a client loads them (`/uploads/...`), whatever the store. */
export async function servedBytes(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.rawPayload;
}

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of scripts/ as npm would (`node --import tsx`), without blocking this process (a test
 * server in it, s3rver, must keep answering the command).
 */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ScriptRun> {
  const root = path.resolve(__dirname, '../..');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', script), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
