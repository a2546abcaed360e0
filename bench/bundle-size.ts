/**
 * Gzip size of the JS and CSS that /login loads (read off a real page load in Chromium) and of the
 * whole build. Needs `npm run build` first.
 *
 *   npx tsx bench/bundle-size.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startWithFreshData, stop, waitForOk } from './support';

const dist = path.join(root, 'dist');
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

async function main() {
  const port = 8298;
  const startedAt = Date.now();
  const server = startWithFreshData(process.execPath, ['--import', 'tsx', 'server/server.ts'], port);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, startedAt);
    const page = await browser.newPage();
    const loaded = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/\.(js|css)$/.test(pathname) && pathname !== '/env.js') loaded.add(pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    const loginFiles = [...loaded].map((file) => path.join(dist, file));
    const loginJs = loginFiles.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipBytes(f), 0);
    const loginCss = loginFiles.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gzipBytes(f), 0);
    const all = walk(dist).filter((f) => /\.(js|css)$/.test(f));
    const whole = all.reduce((sum, f) => sum + gzipBytes(f), 0);
    process.stdout.write(
      [
        `/login loads ${loginFiles.length} files: JS ${kb(loginJs)} + CSS ${kb(loginCss)} gzip = ${kb(loginJs + loginCss)}`,
        `whole build: ${all.length} JS/CSS files, ${kb(whole)} gzip`,
      ].join('\n') + '\n',
    );
  } finally {
    await browser.close();
    await stop(server);
  }
}

void main();
