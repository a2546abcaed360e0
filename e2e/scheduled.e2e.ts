import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, dayIn, serverTimeZone, startOfDayIn } from '../src/shared/zonedDays';
import { apiRequest, launchBrowser, signInViaApi, snap } from './support/browser';
import { E2E_ADMIN, E2E_PORT } from './support/config';
import { root, startExampleSite, startServer, stop } from './support/processes';

/**
 * A scheduled item goes live on the website at its time, with nobody touching it: a server of this
 * file's own whose clock is injected (CLOCK_OFFSET_MS) to read LEAD_MS before the company's next
 * midnight when it starts, and an example website of its own hearing it through a webhook. A news
 * item dated tomorrow is not on the site; when the server's midnight passes, the go-live job
 * delivers `news.published`, the site rebuilds and shows it. The suite's other files keep the real
 * clock (their own server). On PostgreSQL (E2E_DATABASE_URL) this server has a database of its own.
 */
const PORT = E2E_PORT + 6;
const SITE_PORT = E2E_PORT + 7;
const serverUrl = `http://127.0.0.1:${PORT}`;
const siteUrl = `http://127.0.0.1:${SITE_PORT}`;
/** From the server's start to its midnight: its start, the sign-in, the webhook and the item fit in it. */
const LEAD_MS = 150_000;
/** Setting up must end this long before midnight, or the item would be made live at once. */
const MARGIN_MS = 15_000;

const zone = serverTimeZone();
const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-clock-'));
const secretFile = path.join(dataDir, 'site-secret');
const pgUrl = process.env.E2E_DATABASE_URL;
const ownDatabase = pgUrl ? `${new URL(pgUrl).pathname.slice(1)}_clock` : '';

/** The day the item goes live (the server's tomorrow) and the moment it starts, by the server's clock. */
let goLiveDay: string;
let midnight: number;
/** How far ahead of this machine the server's clock runs. */
let offsetMs: number;
const serverNow = () => Date.now() + offsetMs;

let server: ChildProcess | undefined;
let site: ChildProcess | undefined;
let browser: Browser;
let context: BrowserContext;
let admin: Page;
let visitor: Page;

/** Runs `sql` on the PostgreSQL server of E2E_DATABASE_URL (its maintenance database). */
async function onPostgres(sql: string): Promise<void> {
  const url = new URL(pgUrl ?? '');
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  // The first midnight at least LEAD_MS away; the server's clock reads LEAD_MS before it now.
  const today = dayIn(Date.now(), zone);
  goLiveDay = addDays(today, 1);
  if (startOfDayIn(goLiveDay, zone).getTime() - Date.now() < LEAD_MS) goLiveDay = addDays(today, 2);
  midnight = startOfDayIn(goLiveDay, zone).getTime();
  offsetMs = midnight - LEAD_MS - Date.now();
  let databaseUrl = '';
  if (pgUrl) {
    await onPostgres(`DROP DATABASE IF EXISTS "${ownDatabase}" WITH (FORCE)`);
    await onPostgres(`CREATE DATABASE "${ownDatabase}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${ownDatabase}`;
    databaseUrl = url.toString();
  }
  server = await startServer(
    {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      STATIC_DIR: path.join(root, 'dist'),
      PUBLIC_URL: serverUrl,
      HOST_APP_URL: siteUrl,
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'error',
      SMTP_URL: '',
      REDIS_URL: '',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      OIDC_ISSUER: '',
      CLOCK_OFFSET_MS: String(offsetMs),
    },
    serverUrl,
  );
  site = await startExampleSite(serverUrl, SITE_PORT, secretFile);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: serverUrl });
  admin = await context.newPage();
  await signInViaApi(admin);
  const { data: webhook } = await apiRequest<{ data: { secret: string } }>(admin, 'POST', '/api/webhooks', {
    name: 'Example website',
    url: `${siteUrl}/api/revalidate`,
    events: ['news.published', 'news.unpublished'],
    status: 1,
  });
  writeFileSync(secretFile, webhook.secret);
  visitor = await context.newPage();
}, 10 * 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (site) await stop(site);
  if (server) await stop(server);
  if (pgUrl) await onPostgres(`DROP DATABASE IF EXISTS "${ownDatabase}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a scheduled item at the server's midnight (clock injected)", () => {
  it(
    'is not on the website before its day, and is once its day begins',
    async () => {
      const title = `Goes live at midnight ${Date.now().toString(36)}`;
      const { data: item } = await apiRequest<{ data: { slug: string } }>(admin, 'POST', '/api/news', {
        title,
        date: goLiveDay,
        status: 1,
      });
      if (serverNow() > midnight - MARGIN_MS)
        throw new Error(
          `the server took too long to start: its midnight is ${Math.round((midnight - serverNow()) / 1000)} s away`,
        );
      const link = visitor.getByRole('link', { name: title, exact: true });
      // Before its day: neither listed nor readable, on the site and in the public API.
      await visitor.goto(`${siteUrl}/news`);
      expect(await link.count()).toBe(0);
      expect((await visitor.goto(`${siteUrl}/news/${item.slug}`))?.status()).toBe(404);
      expect((await fetch(`${serverUrl}/public/v1/news/${item.slug}`)).status).toBe(404);

      // The site is looked at until it shows the item; never before the server's midnight.
      let seenAt = 0;
      while (!seenAt && serverNow() < midnight + 3 * 60_000) {
        const before = serverNow();
        await visitor.goto(`${siteUrl}/news`);
        if ((await link.count()) > 0) {
          expect(before).toBeGreaterThanOrEqual(midnight);
          seenAt = serverNow();
        } else await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(seenAt).toBeGreaterThan(0);
      process.stdout.write(
        `scheduled item on the website ${((seenAt - midnight) / 1000).toFixed(1)} s after its time\n`,
      );

      // It is there because the go-live was delivered to the site (the site's log of verified deliveries).
      const log = await visitor.evaluate(async () => (await fetch('/api/webhooks')).json());
      expect(log).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'news.published',
            data: expect.objectContaining({ slug: item.slug }),
          }),
        ]),
      );
      await link.click();
      await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
      expect((await fetch(`${serverUrl}/public/v1/news/${item.slug}`)).status).toBe(200);
      await snap(visitor, 'scheduled-item-live');
    },
    8 * 60_000,
  );
});
