/**
 * A signed-in page load, shared by bench/browser-timing.ts, list-trace.ts, list-commits.ts and
 * list-profile.ts: a server's session, the stored account and products (`prepare`), a built checkout
 * served with them (`serveCheckout`), a cold signed-in context (`signedInContext`), the probe that
 * notes when an element was first painted, and the wait for it (`waitForPaint`).
 */
import type { RuntimeEnv } from '../src/shared/env';
import { API_PATHS } from '../src/shared/routes';
import type { User } from '../src/shared/contracts/account';
import { writeAccount, writeSession } from '../store/session';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, passwordSignIn, startWithFreshData, stop, waitForOk } from './support';

export interface Checkout {
  label: string;
  dir: string;
  base: string;
  /** localStorage entries of a signed-in session. */
  session: Record<string, string>;
  /** The name in the list's first row. */
  firstProduct: string;
}

async function call<T>(base: string, url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}${url}`, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in through the API, adds brands, categories and `products` products, and keeps the session. */
export async function prepare(label: string, dir: string, base: string, products: number): Promise<Checkout> {
  const envScript = await (await fetch(`${base}${API_PATHS.env}`)).text();
  const env = JSON.parse(
    envScript
      .slice(envScript.indexOf('=') + 1)
      .trim()
      .replace(/;$/, ''),
  ) as RuntimeEnv;
  const token = await passwordSignIn(base, { clientId: env.CLIENT_ID, clientSecret: env.CLIENT_SECRET });
  const headers = { authorization: `Bearer ${token.access_token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  for (let i = 1; i <= 5; i++) {
    await call(base, '/api/brands', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `Brand ${i}`, status: 1 }),
    });
  }
  for (let i = 1; i <= 3; i++) {
    await call(base, '/api/categories', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: `Category ${i}`, status: 1 }),
    });
  }
  const rows = Array.from(
    { length: products },
    (_, i) => `Pump Pro ${i + 1},Brand ${(i % 5) + 1},Category ${(i % 3) + 1},M-${i + 1},Active`,
  );
  const form = new FormData();
  form.append('file', new Blob([['Name,Brand,Category,Model,Status', ...rows].join('\n')]), 'products.csv');
  await call(base, '/api/products/import', { method: 'POST', headers, body: form });
  const first = await call<{ data: { name: string }[] }>(
    base,
    '/api/products?page=1&per_page=10&sort=created_at&order=desc',
    { headers },
  );

  const stored = new Map<string, string>();
  const storage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  } as Storage;
  writeSession(token, Date.now(), storage);
  // A returning user's browser also keeps the account the app last loaded (issue #15; a checkout
  // without that key ignores it).
  const account = await call<{ data: User }>(base, API_PATHS.account, { headers });
  writeAccount(account.data, storage);
  return { label, dir, base, session: Object.fromEntries(stored), firstProduct: first.data[0].name };
}

/** What a page waits for: an element, or a table cell holding a text. */
export type Target = { selector: string; focused: boolean } | { cellText: string };

/**
 * Installed before any page script: stores when `target` was first painted in window.__benchPainted.
 * A string, not a function: tsx would add helpers to a function that the page does not have.
 */
export const paintProbe = (target: Target) => `(() => {
  const target = ${JSON.stringify(target)};
  const found = () => {
    if (target.selector) {
      const element = document.querySelector(target.selector);
      return Boolean(element) && (!target.focused || document.activeElement === element);
    }
    for (const cell of document.querySelectorAll('td, [role="gridcell"]')) {
      if (cell.textContent && cell.textContent.includes(target.cellText)) return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (!found()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.__benchPainted = performance.now(); };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

/** Waits for `paintProbe`'s note (up to a minute) and answers it: ms from the navigation's start. */
export async function waitForPaint(page: Page): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __benchPainted?: number }).__benchPainted, null, {
    timeout: 60_000,
  });
  return page.evaluate(() => (window as unknown as { __benchPainted: number }).__benchPainted);
}

/**
 * A built checkout's server (`dir`, its `dist`) on fresh data at `port`, Chromium, and a session
 * with 100 products on it; `close` stops both.
 */
export async function serveCheckout(label: string, dir: string, port: number) {
  const server = startWithFreshData(process.execPath, ['--import', 'tsx', 'server/server.ts'], port, {
    cwd: dir,
    env: { STATIC_DIR: path.join(dir, 'dist') },
  });
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    await stop(server);
  };
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(`${base}/api/health`, Date.now());
    return { base, browser, checkout: await prepare(label, dir, base, 100), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The window every bench page is loaded in. */
export const VIEWPORT = { width: 1366, height: 900 };

/** /login ready for typing: its e-mail field painted, focused. */
export const LOGIN_READY: Target = { selector: 'input[name="username"]', focused: true };

/** A cold guest context (no session) with `target`'s paint probed. */
export async function guestContext(browser: Browser, target: Target): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: paintProbe(target) });
  return context;
}

/** A cold context with the checkout's session stored and `target`'s paint probed (the first product's). */
export async function signedInContext(
  browser: Browser,
  checkout: Checkout,
  target: Target = { cellText: checkout.firstProduct },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, checkout.session);
  await context.addInitScript({ content: paintProbe(target) });
  return context;
}
