/**
 * docs/deploy.md's setup, started on loopback by the project itself: a PostgreSQL server of its own
 * (initdb in a temporary folder, so it can be restarted without touching anyone else's), a Redis of
 * its own, an S3-compatible store (s3rver, from the npm registry), an SMTP server (smtp-server),
 * N instances of the compiled server (build/server/server.js) and nginx (Debian's package) in front.
 * bench/cluster.ts proves what the setup promises; bench/soak.ts loads it and injects faults.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildServer, SERVER_ENTRY } from '../../scripts/build-server';
import { openDatabase, type Database } from '../../server/db/client';
import { API_PATHS } from '../../src/shared/routes';
import { freePort } from '../../server/test/network';
import { S3_TEST_CREDENTIALS, startS3TestServer, type S3TestServer } from '../../server/test/s3TestServer';
import { passwordSignIn, root } from '../support';

export const CLUSTER_ADMIN = { email: 'admin@example.com', password: 'Cluster-Bench-Lantern-7' } as const;
export const CLUSTER_CLIENT = { clientId: 'cluster', clientSecret: 'cluster-secret-0123456789' } as const;
const BUCKET = 'company-admin';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command: string, args: string[], options: { asUser?: string; cwd?: string } = {}): string {
  // initdb and the server refuse to run as root: as root, they run as the `postgres` account.
  const [bin, argv] =
    options.asUser && process.getuid?.() === 0
      ? ['runuser', ['-u', options.asUser, '--', command, ...args]]
      : [command, args];
  const result = spawnSync(bin, argv, { cwd: options.cwd ?? os.tmpdir(), encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error}`);
  return result.stdout;
}

/** A PostgreSQL server of its own on `port`, data in a temporary folder; restartable. */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** pg_ctl restart -m fast: every connection is cut, the server is back a moment later. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const owner = process.getuid?.() === 0 ? 'postgres' : undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-cluster-pg-'));
  if (owner) run('chown', [owner, dir]);
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'], { asUser: owner });
  const ctl = (...args: string[]) =>
    run(
      'pg_ctl',
      [
        '-D',
        data,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        ...args,
      ],
      { asUser: owner },
    );
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => void ctl('restart', '-m', 'fast'),
    stop: async () => {
      try {
        ctl('stop', '-m', 'immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis of its own on `port`, nothing saved; stop and start again on the same port. */
export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (up) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, stop, start };
}

/** A mail that reached the SMTP server. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** smtp-server on loopback: keeps what arrives; `hold` keeps the next deliveries unanswered. */
export interface MailServer {
  url: string;
  received: ReceivedMail[];
  /** Deliveries whose DATA arrived while holding (their sender waits for an answer that never comes). */
  held: number;
  hold(on: boolean): void;
  close(): Promise<void>;
}

export async function startMailServer(): Promise<MailServer> {
  const port = await freePort();
  const state = { holding: false, held: 0 };
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.holding) {
          state.held++;
          return; // never answered: the sender is stuck in its run
        }
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get held() {
      return state.held;
    },
    hold: (on) => void (state.holding = on),
    close: () =>
      new Promise<void>((resolve) => {
        // Held connections would keep close() waiting.
        (server as unknown as { connections?: Set<{ close(): void }> }).connections?.forEach((c) =>
          c.close(),
        );
        server.close(() => resolve());
      }),
  };
}

/** One instance of the compiled server. */
export interface Instance {
  name: string;
  url: string;
  port: number;
  /** What it printed (stdout and stderr), for the checks and a failure's report. */
  output(): string;
  /** Its resident memory now, in MiB (Linux's /proc); null when it is not running. */
  rssMiB(): number | null;
  start(): Promise<void>;
  ready(): Promise<void>;
  /** SIGTERM and wait for it to exit. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
  exited(): Promise<number | null>;
  readonly running: boolean;
}

export interface ClusterOptions {
  /** PostgreSQL of its own (default), or PGlite in the one instance's DATA_DIR. */
  database?: 'postgres' | 'pglite';
  instances?: number;
  /** Redis, the S3-compatible store and nginx in front (default: with more than one instance). */
  shared?: boolean;
  /** Extra settings for every instance (AUTH_CACHE_MS…). */
  env?: Record<string, string>;
  /** Runs on the migrated database before any instance starts (a bench's data). */
  prepare?: (database: Database) => Promise<void>;
}

export interface Cluster {
  /** nginx in front (or the one instance): what a browser or the website calls. */
  url: string;
  instances: Instance[];
  /** Without `shared`, these are null (PGlite, local files, no Redis). */
  postgres: PrivatePostgres | null;
  redis: PrivateRedis | null;
  store: S3TestServer | null;
  mail: MailServer;
  /** The app's database on PostgreSQL (a connection of the bench's own). */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

function startInstance(name: string, port: number, env: Record<string, string>, dataDir: string): Instance {
  let child: ChildProcess | null = null;
  let output = '';
  let exited: Promise<number | null> = Promise.resolve(null);
  const url = `http://127.0.0.1:${port}`;
  const instance: Instance = {
    name,
    url,
    port,
    output: () => output,
    rssMiB: () => {
      if (!child?.pid || !instance.running) return null;
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
      return kb ? Math.round(Number(kb) / 1024) : null;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    async start() {
      child = spawn(process.execPath, ['--max-old-space-size=1024', SERVER_ENTRY], {
        cwd: root,
        env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const running = child;
      running.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      running.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      exited = new Promise((resolve) => running.once('exit', (code) => resolve(code)));
    },
    async ready() {
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        if (!instance.running) throw new Error(`${name} exited before it was ready:\n${output}`);
        const ok = await fetch(`${url}${API_PATHS.ready}`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return;
        await sleep(100);
      }
      throw new Error(`${name} was not ready within 180 s:\n${output}`);
    },
    async stop() {
      if (!instance.running) return;
      child?.kill('SIGTERM');
      await exited;
    },
    kill(signal) {
      child?.kill(signal);
    },
    exited: () => exited,
  };
  return instance;
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    upstream company_admin {
${upstreams.map((p) => `        server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`).join('\n')}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${port};
        client_max_body_size 11m;
        location / {
            proxy_pass http://company_admin;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_buffering off;
            proxy_read_timeout 300s;
            proxy_next_upstream error timeout;
        }
    }
}
`;
}

async function startNginx(upstreams: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-cluster-nginx-'));
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const binary = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child = spawn(binary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(url).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 100)
      throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await sleep(50);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a setup: by default docs/deploy.md's (two instances on PostgreSQL, Redis and the store,
 * nginx in front); `instances: 1` without `shared` is one instance on local files, on PostgreSQL
 * or PGlite. The instances start together on an empty database (so they race for the migrations,
 * which the start-up lock settles) unless `prepare` filled it; each is ready when `/api/ready` says so.
 */
export async function startCluster({
  database: kind = 'postgres',
  instances: count = 2,
  shared = count > 1,
  env = {},
  prepare,
}: ClusterOptions = {}): Promise<Cluster> {
  if (kind === 'pglite' && count > 1) throw new Error('PGlite is one process: one instance');
  if (!fs.existsSync(SERVER_ENTRY)) await buildServer();
  const [postgres, redis, store, mail] = await Promise.all([
    kind === 'postgres' ? startPrivatePostgres() : null,
    shared ? startPrivateRedis() : null,
    shared ? startS3TestServer() : null,
    startMailServer(),
  ]);
  const settings: Record<string, string> = {
    DATABASE_URL: postgres?.url ?? '',
    SMTP_URL: mail.url,
    ADMIN_EMAIL: CLUSTER_ADMIN.email,
    ADMIN_PASSWORD: CLUSTER_ADMIN.password,
    OAUTH_CLIENT_ID: CLUSTER_CLIENT.clientId,
    OAUTH_CLIENT_SECRET: CLUSTER_CLIENT.clientSecret,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  if (redis) settings.REDIS_URL = redis.url;
  if (store) {
    await store.createBucket(BUCKET);
    const s3 = store.settings(BUCKET);
    Object.assign(settings, {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint ?? '',
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  }
  Object.assign(settings, env);
  const dataDirs = Array.from({ length: count }, (_, i) =>
    fs.mkdtempSync(path.join(os.tmpdir(), `adm-cluster-${String.fromCharCode(65 + i)}-`)),
  );
  if (prepare) {
    const database = await openDatabase({
      databaseUrl: postgres?.url,
      pgliteDir: postgres ? undefined : path.join(dataDirs[0], 'db'),
    });
    try {
      await database.migrate();
      await prepare(database);
    } finally {
      await database.close();
    }
  }
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const instances = ports.map((port, i) =>
    startInstance(String.fromCharCode(65 + i), port, settings, dataDirs[i]),
  );
  const admin = postgres ? new pg.Pool({ connectionString: postgres.url, max: 2 }) : null;
  // The pool's connections are cut when the bench restarts PostgreSQL: noticed here, not thrown.
  admin?.on('error', () => undefined);
  let nginx: { url: string; stop(): Promise<void> } | null = null;
  const close = async () => {
    await Promise.all(instances.map((instance) => instance.stop().catch(() => undefined)));
    await nginx?.stop().catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await Promise.all(
      [postgres?.stop(), redis?.stop(), store?.close(), mail.close()].map((p) => p?.catch(() => undefined)),
    );
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    await Promise.all(instances.map((instance) => instance.ready()));
    if (shared) nginx = await startNginx(ports);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: nginx?.url ?? instances[0].url,
    instances,
    postgres,
    redis,
    store,
    mail,
    query: async <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
      if (!admin) throw new Error('no PostgreSQL in this setup');
      return (await admin.query<Row>(text, values)).rows;
    },
    close,
  };
}

/** Signs in as the cluster's administrator through `base`; the access and refresh tokens. */
export async function signIn(base: string): Promise<{ access_token: string; refresh_token: string }> {
  return passwordSignIn(base, CLUSTER_CLIENT, CLUSTER_ADMIN);
}
