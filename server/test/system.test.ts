import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { en } from '../../src/shared/messages';
import { API_PATHS } from '../../src/shared/routes';
import { authHeader, buildTestApp, login, TEST_ADMIN, TEST_CLIENT, type TestApp } from './helper';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

describe('system routes', () => {
  let t: TestApp;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-spa-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
    fs.mkdirSync(path.join(staticDir, 'static'));
    fs.writeFileSync(path.join(staticDir, 'static', 'main.3f2a9c1e7b.js'), 'console.info(1)');
    t = await buildTestApp(
      {
        staticDir,
        richTextEditorKey: 'rte-key',
        hostAppUrl: 'https://www.example.com',
        appName: 'Acme <Admin>',
      },
      {
        extend: (app) => {
          app.get('/api/test/boom', async () => {
            throw new Error('secret internals');
          });
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves /env.js as JavaScript defining window.__ENV__ from the configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.env });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/javascript/);
    expect(response.headers['cache-control']).toMatch(/no-cache/);
    const sandbox: { window: { __ENV__?: unknown } } = { window: {} };
    vm.runInNewContext(response.body, sandbox);
    expect(sandbox.window.__ENV__).toEqual({
      AUTH_HOST: '',
      CLIENT_ID: TEST_CLIENT.clientId,
      CLIENT_SECRET: TEST_CLIENT.clientSecret,
      RICH_TEXT_EDITOR_KEY: 'rte-key',
      HOST_APP_URL: 'https://www.example.com',
      APP_NAME: 'Acme <Admin>',
      PASSWORD_MIN_LENGTH: 12,
      SSO_NAME: '',
      TIME_ZONE: 'UTC',
    });
    expect(response.body).not.toContain('<Admin>');
  });

  it('reports health with a database round trip', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('publishes the OpenAPI document with every route tagged and summarised', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    for (const route of [
      '/oauth/token',
      '/api/account',
      '/api/account/password',
      '/api/uploads',
      '/api/health',
    ]) {
      expect(doc.paths).toHaveProperty([route]);
    }
    for (const [route, operations] of Object.entries<Record<string, { tags?: string[]; summary?: string }>>(
      doc.paths,
    )) {
      if (route.startsWith('/api/test')) continue;
      for (const operation of Object.values(operations)) {
        expect(operation.tags?.length).toBeGreaterThan(0);
        expect(operation.summary).toBeTruthy();
      }
    }
    const ui = await t.app.inject({ method: 'GET', url: `${API_PATHS.docs}/` });
    expect(ui.statusCode).toBe(200);
  });

  it('answers unknown API paths with 404 {message: "Not Found"}', async () => {
    for (const url of ['/api/nope', '/oauth/nope', '/uploads/nope.png']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: SERVER_MESSAGES.notFoundBody });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope' });
    expect(post.json()).toEqual({ message: SERVER_MESSAGES.notFoundBody });
  });

  it('falls back to index.html, uncached, for any other GET path', async () => {
    for (const url of ['/', '/setting/user/12', '/reset-password?token=abc&email=a%40b.c']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>SPA</title>');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/main.3f2a9c1e7b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=31536000');
  });

  it('sends security headers with the SPA’s content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });

  it('answers an unexpected error with 500 {message: "Server Error"} and no details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: en.serverErrorBody });
    expect(response.body).not.toContain('secret internals');
  });

  it('answers malformed JSON with 400 {message}', async () => {
    const { access_token } = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.account,
      headers: { ...authHeader(access_token), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers a body of the wrong type with 422 in the validation shape', async () => {
    const { access_token } = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.account,
      headers: authHeader(access_token),
      payload: { name: 'A', email: TEST_ADMIN.email, phone_number: null, photo: 'not-a-number' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: expect.any(String), errors: { photo: [expect.any(String)] } });
  });
});

describe('without a built SPA', () => {
  it('answers non-API paths with 503 telling to run the build', async () => {
    const t = await buildTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/product' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run build');
      expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
