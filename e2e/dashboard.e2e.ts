import type { Browser } from 'playwright-core';
import { DASHBOARD_CARDS_MESSAGES as M } from '../src/shared/messages/dashboardCards';
import { itemPath, ROUTES } from '../src/shared/routes';
import { apiRequest, launchBrowser, newPage, signInViaApi } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TITLE = 'Dashboard journey news';

describe('the dashboard that needs me', () => {
  it('charts the subscribers with a table behind the chart, and lists my recent change, opening its record', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const created = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/news', {
      title: TITLE,
      date: new Date().toISOString().slice(0, 10),
      status: 0,
    });
    await page.goto(ROUTES.dashboard);

    // The chart (its own chunk) draws its bars' SVG; the same numbers are in a table, there for
    // screen readers before "Show the numbers" makes it visible.
    const card = page.getByRole('heading', { level: 2, name: M.subscribersTitle });
    await card.waitFor();
    await page.getByTestId('subscribers-chart').locator('svg').first().waitFor();
    const table = page.getByRole('table', { name: M.tableCaption });
    await table.waitFor({ state: 'attached' });
    await expect(table.getByRole('row').count()).resolves.toBe(31);
    // Visually hidden (a 1-pixel clip) until asked for.
    const toggle = page.getByRole('button', { name: M.showTable });
    const holder = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    expect((await holder.boundingBox())?.height).toBeLessThanOrEqual(1);
    await toggle.click();
    await page.getByRole('button', { name: M.hideTable }).waitFor();
    expect((await holder.boundingBox())?.height).toBeGreaterThan(100);

    const recent = page.getByRole('list', { name: M.recentTitle });
    await recent
      .getByRole('link', { name: new RegExp(`^${TITLE}`) })
      .first()
      .click();
    await page.waitForURL(`**${itemPath(ROUTES.news, created.data.id)}`);
    await context.close();
  });
});
