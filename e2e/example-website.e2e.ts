import { writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { en, success } from '../src/shared/messages';
import { eventLabel, WEBHOOK_LABELS, webhooksResource } from '../src/shared/resources/webhooks';
import { WEBSITE_LABELS } from '../src/shared/resources/website';
import { itemPath, ROUTES } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { exampleSiteUrl } from './support/config';

/**
 * The example website (examples/website), started by the runner beside the server as its
 * HOST_APP_URL: a website developer's journey. The site hears the product through a webhook made in
 * Setting › Webhooks here (its secret handed to the site in the file the runner named), rebuilds its
 * pages on each delivery, opens "Preview on site" links and follows renamed slugs.
 */
const secretFile = process.env.E2E_SITE_SECRET_FILE ?? '';
const today = () => new Date().toISOString().slice(0, 10);
const unique = (tag: string) => `${tag} ${Date.now().toString(36)}`;

let browser: Browser;
let context: BrowserContext;
let admin: Page;
let site: Page;

/** Reloads `url` on the site until `check` holds (each delivery is at least once, soon after). */
async function eventually(url: string, check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    await site.goto(url);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never happened: ${what}`);
}

/** Setting › Webhooks › Add: the site's endpoint, hearing the news; answers its signing secret. */
async function addSiteWebhook(page: Page): Promise<string> {
  await page.goto(`${ROUTES.webhooks}/add`);
  await page.getByLabel(exactLabel(WEBHOOK_LABELS.name)).fill('Example website');
  await page.getByLabel(exactLabel(WEBHOOK_LABELS.url)).fill(`${exampleSiteUrl}/api/revalidate`);
  await page.getByRole('combobox', { name: exactLabel(WEBHOOK_LABELS.events) }).click();
  const list = page.getByRole('listbox');
  for (const event of ['news.published', 'news.updated', 'news.unpublished'])
    await list.getByRole('option', { name: eventLabel(event), exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: en.save }).click();
  await page.getByText(success.created(webhooksResource.item)).first().waitFor();
  await page.waitForURL(/\/setting\/webhook\/\d+$/);
  return page.getByLabel(WEBHOOK_LABELS.secret).inputValue();
}

type News = { id: number; slug: string; title: string; updated_at: string };
const createNews = async (title: string, status: 0 | 1) =>
  (await apiRequest<{ data: News }>(admin, 'POST', '/api/news', { title, date: today(), status })).data;

beforeAll(async () => {
  if (!secretFile) throw new Error('E2E_SITE_SECRET_FILE is not set: run the suite with e2e/run.ts');
  browser = await launchBrowser();
  ({ context, page: admin } = await newPage(browser));
  await signInViaApi(admin);
  await writeFile(secretFile, await addSiteWebhook(admin));
  site = await context.newPage();
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('the example website beside the product', () => {
  let published: News;

  it('shows an item published in the admin once the webhook is delivered', async () => {
    published = await createNews(unique('Site news'), 1);
    const link = site.getByRole('link', { name: published.title, exact: true });
    await eventually(`${exampleSiteUrl}/news`, async () => (await link.count()) > 0, 'the item on /news');
    // The site rebuilt its page because of the delivery, which it logs (verified, by id).
    const log = await site.evaluate(async () => (await fetch('/api/webhooks')).json());
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'news.published',
          data: expect.objectContaining({ slug: published.slug }),
        }),
      ]),
    );
    await link.click();
    await site.waitForURL(`${exampleSiteUrl}/news/${published.slug}`);
    await site.getByRole('heading', { level: 1, name: published.title }).waitFor();
    await site.goto(`${exampleSiteUrl}/`);
    await site.getByRole('link', { name: published.title, exact: true }).waitFor();
    await snap(site, 'example-website-news');
  });

  it('opens a draft from "Preview on site", and refuses it without the token', async () => {
    const draft = await createNews(unique('Site draft'), 0);
    await admin.goto(itemPath(ROUTES.news, draft.id));
    const opened = context.waitForEvent('page');
    await admin.getByRole('button', { name: WEBSITE_LABELS.previewOnSite }).click();
    const preview = await opened;
    await preview.waitForLoadState();
    expect(new URL(preview.url()).origin + new URL(preview.url()).pathname).toBe(
      `${exampleSiteUrl}/api/preview`,
    );
    await preview.getByRole('heading', { level: 1, name: draft.title }).waitFor();
    await preview.getByRole('status').getByText('not published').waitFor();
    await snap(preview, 'example-website-preview');
    const path = `/news/${draft.slug}`;
    const withoutToken = await site.goto(`${exampleSiteUrl}/api/preview?path=${encodeURIComponent(path)}`);
    expect(withoutToken?.status()).toBe(404);
    const wrongToken = await site.goto(`${exampleSiteUrl}/api/preview?token=pv_wrong&path=${path}`);
    expect(wrongToken?.status()).toBe(404);
    expect((await site.goto(`${exampleSiteUrl}${path}`))?.status()).toBe(404);
    await preview.close();
  });

  it("sends an old slug's visitors to the item's new address", async () => {
    const { data: current } = await apiRequest<{ data: News }>(admin, 'GET', `/api/news/${published.id}`);
    const renamed = `${published.slug}-renamed`;
    await apiRequest(admin, 'PUT', `/api/news/${published.id}`, {
      title: current.title,
      slug: renamed,
      date: today(),
      status: 1,
      updated_at: current.updated_at,
    });
    const oldUrl = `${exampleSiteUrl}/news/${published.slug}`;
    await eventually(oldUrl, async () => site.url().endsWith(`/news/${renamed}`), 'the redirect');
    const answer = await site.goto(oldUrl);
    expect(answer?.request().redirectedFrom()?.url()).toBe(oldUrl);
    expect((await answer?.request().redirectedFrom()?.response())?.status()).toBe(301);
    await site.getByRole('heading', { level: 1, name: current.title }).waitFor();
  });

  it('sends the contact form to the public API from the visitor’s browser', async () => {
    await site.goto(`${exampleSiteUrl}/contact`);
    await site.getByLabel('Name').fill('Grace Hopper');
    await site.getByLabel('E-mail').fill('grace@example.com');
    await site.getByLabel('Subject').fill('A pump');
    await site.getByLabel('Message').fill('Which pump moves 10 m³ an hour?');
    await site.getByRole('button', { name: 'Send' }).click();
    await site.getByRole('status').getByText('Thank you, your message was sent.').waitFor();
  });
});
