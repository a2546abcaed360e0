import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { TokenResponse } from '../../src/shared/contracts/account';
import { RUNTIME_ENV_GLOBAL, type RuntimeEnv } from '../../src/shared/env';
import { LABELS, en, t } from '../../src/shared/messages';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import { STORAGE_KEYS } from '../../src/shared/storageKeys';
import { writeSession } from '../../store/session';
import { E2E_ADMIN, baseUrl } from './config';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = path.resolve(__dirname, '..', 'artifacts');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1366, height: 860 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Saves a screenshot under e2e/artifacts so a person can look at the screen: the whole page, or the
 * window while a dialog is open. Chromium's whole-page capture can lay the page out at another size
 * for a moment; with a dialog open that sometimes switched the list to its phone layout and back,
 * which closed the dialog under the test (the audit log journey failed once in CI that way).
 */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const dialogOpen = (await page.getByRole('dialog').count()) > 0;
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: !dialogOpen });
}

/** A field's label, whole, with the asterisk MUI adds to required fields. */
export const exactLabel = (label: string) => new RegExp(`^${label}\\s*\\*?$`);

/** The dashboard's greeting, whoever is signed in. */
export const WELCOME = new RegExp(`^${t('welcome', { name: '' })}`);

/** Signs in through the login screen and waits for the dashboard. */
export async function signIn(
  page: Page,
  email: string = E2E_ADMIN.email,
  password: string = E2E_ADMIN.password,
) {
  await page.goto(ROUTES.login);
  await page.getByLabel(LABELS.email).fill(email);
  await page.getByLabel(LABELS.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: en.login }).click();
  await page.getByRole('heading', { name: WELCOME }).waitFor();
}

/** Signs in through the API, as a test that is not about sign-in would, and stores the session. */
export async function signInViaApi(
  page: Page,
  email: string = E2E_ADMIN.email,
  password: string = E2E_ADMIN.password,
) {
  await page.goto(ROUTES.login);
  const token = await page.evaluate(
    async ({ url, envGlobal, email, password }) => {
      const env = (window as unknown as Record<string, RuntimeEnv>)[envGlobal];
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grant_type: 'password',
          username: email,
          password,
          scope: '*',
          client_id: env.CLIENT_ID,
          client_secret: env.CLIENT_SECRET,
        }),
      });
      return (await response.json()) as TokenResponse;
    },
    { url: API_PATHS.token, envGlobal: RUNTIME_ENV_GLOBAL, email, password },
  );
  // The session is written by the app's own module into a stand-in storage, then copied over.
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
  writeSession(token, Date.now(), storage);
  await page.evaluate(
    (entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)),
    [...items],
  );
  await page.goto(ROUTES.dashboard);
  await page.getByRole('heading', { name: WELCOME }).waitFor();
}

/** Calls the API from the page with the session it stored (after `signInViaApi`); throws on a failure. */
export async function apiRequest<T>(page: Page, method: string, path: string, body?: object): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body, tokenKey }) => {
      const response = await fetch(path, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${localStorage.getItem(tokenKey) ?? ''}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body, tokenKey: STORAGE_KEYS.accessToken },
  );
  if (answer.status >= 400)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as T;
}
