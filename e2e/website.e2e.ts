import type { Browser } from 'playwright-core';
import { PREVIEW_HEADER, WEBSITE_LABELS, type Preview } from '../src/shared/resources/website';
import { API_PATHS, itemPath, publicPath, ROUTES } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('Setting › Website and Preview on site', () => {
  it('creates a read key shown once, notes its use, and revokes it', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.website);
    await page.getByLabel(exactLabel(WEBSITE_LABELS.name)).fill('E2E site');
    await page.getByRole('button', { name: WEBSITE_LABELS.create }).click();
    await page.getByText(WEBSITE_LABELS.shownOnce).waitFor();
    const key = await page.getByLabel(`E2E site: ${WEBSITE_LABELS.prefix}`).inputValue();
    expect(key).toMatch(/^wk_/);
    const table = page.getByRole('table', { name: WEBSITE_LABELS.keys });
    const row = table.getByRole('row').filter({ hasText: 'E2E site' });
    await row.getByText(WEBSITE_LABELS.never).waitFor();
    // `no-store`: the browser's own cache would answer a repeated read (the answers are cacheable).
    const status = (headers: Record<string, string>) =>
      page.evaluate(async ({ url, headers }) => (await fetch(url, { headers, cache: 'no-store' })).status, {
        url: publicPath('news'),
        headers,
      });
    expect(await status({ authorization: `Bearer ${key}` })).toBe(200);
    await page.reload();
    await expect(row.getByText(WEBSITE_LABELS.never).count()).resolves.toBe(0);
    await snap(page, 'website-keys');
    await row.getByRole('button', { name: `${WEBSITE_LABELS.revoke} E2E site` }).click();
    await page.getByRole('dialog').getByRole('button', { name: WEBSITE_LABELS.revoke }).click();
    await row.getByText(WEBSITE_LABELS.revoked).waitFor();
    expect(await status({ authorization: `Bearer ${key}` })).toBe(401);
    await context.close();
  });

  it('opens a preview of a draft, shown to its token only', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.dashboard);
    const { data: draft } = await apiRequest<{ data: { id: number; slug: string } }>(
      page,
      'POST',
      '/api/news',
      {
        title: 'Preview draft',
        date: new Date().toISOString().slice(0, 10),
        status: 0,
      },
    );
    await page.goto(itemPath(ROUTES.news, draft.id));
    const minted = page.waitForResponse(
      (response) => response.url().endsWith(API_PATHS.previews) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: WEBSITE_LABELS.previewOnSite }).click();
    const preview = ((await (await minted).json()) as { data: Preview }).data;
    expect(preview.path).toBe(`/news/${draft.slug}`);
    const read = (headers: Record<string, string>) =>
      page.evaluate(
        async ({ url, headers }) => {
          const response = await fetch(url, { headers, cache: 'no-store' });
          return [response.status, response.headers.get('cache-control')];
        },
        { url: `${publicPath('news')}/${draft.slug}`, headers },
      );
    expect(await read({ [PREVIEW_HEADER]: preview.token })).toEqual([200, 'private, no-store']);
    expect((await read({}))[0]).toBe(404);
    await snap(page, 'news-preview-on-site');
    // Revoking the link from the form ends it.
    await page.getByRole('button', { name: WEBSITE_LABELS.previewRevoke }).click();
    await page.getByText(WEBSITE_LABELS.previewRevoked).first().waitFor();
    expect((await read({ [PREVIEW_HEADER]: preview.token }))[0]).toBe(403);
    await context.close();
  });
});
