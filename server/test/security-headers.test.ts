import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server';
import { API_PATHS } from '../../src/shared/routes';
import { adminToken, authHeader, buildTestApp, throwawayDatabase, type TestApp } from './helper';
import { importAnswer } from './fixtures';

/** Every header helmet sets, and the values this app's options give them (server/plugins/security.ts). */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const DOCUMENT_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data: blob: https:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';" +
    "object-src 'none';base-uri 'none';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('headers and artefacts', () => {
  let t: TestApp;
  let admin: string;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-spa-maps-'));
  const MAP =
    '{"version":3,"sources":["webpack://src/secret/App.tsx"],"sourcesContent":["const secret = 1"]}';
  beforeAll(async () => {
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
    fs.writeFileSync(path.join(staticDir, 'main.3f2a9c1e7b.js'), 'console.info(1)');
    fs.writeFileSync(path.join(staticDir, 'main.3f2a9c1e7b.js.map'), MAP);
    t = await buildTestApp({ staticDir });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends Cache-Control: no-store on every authenticated API answer (personal data)', async () => {
    for (const url of [
      API_PATHS.account,
      '/api/users',
      '/api/users/1',
      '/api/roles/options',
      API_PATHS.companySettings,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeader(admin) });
      expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, 'no-store']);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('answers an API 401 with WWW-Authenticate: Bearer, naming a bad token as such', async () => {
    const none = await t.app.inject({ method: 'GET', url: API_PATHS.account });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="api"');
    const bad = await t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader('nope') });
    expect(bad.headers['www-authenticate']).toBe('Bearer realm="api", error="invalid_token"');
  });

  it('sends a CSP with script-src-attr none, base-uri none and form-action self', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
  });

  it('sends every security header, the same on a page, an API answer, a refusal and a 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const api = await t.app.inject({ method: 'GET', url: API_PATHS.account, headers: authHeader(admin) });
    const refused = await t.app.inject({ method: 'GET', url: API_PATHS.account });
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const script = await t.app.inject({ method: 'GET', url: '/main.3f2a9c1e7b.js' });
    const security = (headers: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => SECURITY_HEADERS.includes(name)));
    for (const response of [page, api, refused, missing])
      expect(security(response.headers)).toEqual(DOCUMENT_HEADERS);
    // A script keeps what matters to it, not what only a document reads.
    expect(security(script.headers)).toEqual({
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
    });
  });

  it('never serves a source map, even one left in the build directory', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/main.3f2a9c1e7b.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/main.3f2a9c1e7b.js.map' });
    expect(map.body).not.toContain('sourcesContent');
    expect(map.headers['content-type']).not.toMatch(/json/);
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

describe('graceful shutdown of the serve script', () => {
  it('drains a request in flight on SIGTERM, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-serve-'));
    const database = process.env.TEST_DB_DRIVER === 'postgres' ? await throwawayDatabase() : undefined;
    const port = await freePort();
    const password = 'Drain-Test-Lantern-8';
    // The `serve` script as package.json spells it, run without npm in between so its exit code is
    // seen, on a compiled server of its own (a fresh clone has no build/server; the two database
    // projects may run this file at once).
    const root = path.resolve(__dirname, '../..');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const buildDir = path.join(root, 'build', `test-serve-${process.pid}`);
    const entry = await buildServer(buildDir);
    const [command, ...args] = pkg.scripts.serve
      .split(' ')
      .map((word) => (word === 'build/server/server.js' ? entry : word));
    expect(args).toContain(entry);
    const child = spawn(command === 'node' ? process.execPath : command, args, {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: password,
        OAUTH_CLIENT_ID: 'drain',
        OAUTH_CLIENT_SECRET: 'drain-secret',
        LOG_LEVEL: 'warn',
        ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    let hasExited = false;
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        hasExited = true;
        resolve(code);
      }),
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let ready = false; !ready;) {
        if (hasExited) throw new Error(`the serve script exited before it answered: ${stderr}`);
        ready = await fetch(`${base}${API_PATHS.health}`).then(
          (response) => response.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const { access_token } = (await (
        await fetch(`${base}${API_PATHS.token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'password',
            username: 'admin@example.com',
            password,
            client_id: 'drain',
            client_secret: 'drain-secret',
          }),
        })
      ).json()) as { access_token: string };
      const rows = Array.from(
        { length: 15_000 },
        (_, i) => `Person ${i},drain${i}@example.com,Super Admin,Active`,
      );
      const form = new FormData();
      form.append('file', new Blob([['Name,Email,Role,Status', ...rows].join('\n')]), 'people.csv');
      const inFlight = fetch(`${base}/api/users/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}` },
        body: form,
      }).then(
        async (response) => ({ status: response.status, body: await response.text() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data).toEqual(importAnswer(15_000, 0, 0));
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  }, 120_000);
});
