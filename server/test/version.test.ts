import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, BUILD_ID_HEADER, BUILD_INFO_FILE } from '../../src/shared/routes';
import { buildTestApp, type TestApp } from './helper';

const writeBuild = (dir: string, id: string) =>
  fs.writeFileSync(path.join(dir, BUILD_INFO_FILE), JSON.stringify({ id }));

describe('the served build’s id', () => {
  let t: TestApp;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'adm-spa-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
    writeBuild(staticDir, 'build-1');
    t = await buildTestApp({ staticDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('is published at /api/version without sign-in, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: 'build-1' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is named in a header of every answer: API, index.html and errors', async () => {
    for (const url of [API_PATHS.health, '/', '/login', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers[BUILD_ID_HEADER]).toBe('build-1');
    }
  });

  it('follows a build replaced while the server runs', async () => {
    writeBuild(staticDir, 'build-2');
    // A different modification time even on file systems with coarse timestamps.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(path.join(staticDir, BUILD_INFO_FILE), later, later);
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.version });
    expect(response.json()).toEqual({ data: { id: 'build-2' } });
    const next = await t.app.inject({ method: 'GET', url: API_PATHS.health });
    expect(next.headers[BUILD_ID_HEADER]).toBe('build-2');
  });
});

describe('without a build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a null id and names none in the headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: null } });
    expect(response.headers[BUILD_ID_HEADER]).toBeUndefined();
  });
});
