import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { LABELS, en, success, validation, format } from '../src/shared/messages';
import { CATALOGUE_MESSAGES } from '../src/shared/messages/catalogue';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { newsResource } from '../src/shared/resources/news';
import { productHighlightsResource } from '../src/shared/resources/productHighlights';
import { PUBLISH_STATE_LABELS } from '../src/shared/resources/publishing';
import { ROUTES } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

/** What this file creates; each test builds on the one before. */
const NEWS = { title: 'Open Day at the Pump Works', summary: 'Come and see how pumps are made' };
const STORY = 'Doors open at nine';
const HIGHLIGHTS = ['Booster of the month', 'Quiet pump pick'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: exactLabel(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Ticks one option of a list filter (a multi-select named by its label). */
async function tick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

async function addNew(page: Page, listPath: string) {
  await page.goto(listPath);
  // An empty list's message offers Add New as well once its rows have come: the toolbar's is first.
  await page
    .getByRole('link', { name: SCREEN_TEXT.addNew })
    .or(page.getByRole('button', { name: SCREEN_TEXT.addNew }))
    .first()
    .click();
  await page.waitForURL(`**${listPath}/add`);
}

const grid = (page: Page) => page.getByRole('grid');

/** The titles of the grid's rows, top to bottom. */
const rowTitles = async (page: Page, titles: readonly string[]) => {
  const rows = await grid(page).getByRole('row').allInnerTexts();
  return rows.flatMap((text) => titles.filter((title) => text.includes(title)));
};

describe('content (run in order)', () => {
  it('creates a news item with an image, rich text and tomorrow’s date, and sees it scheduled', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await addNew(page, ROUTES.news);

    await page.getByLabel(exactLabel(LABELS.title)).fill(NEWS.title);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const dateGroup = page.getByRole('group', { name: exactLabel(LABELS.date) });
    await dateGroup.getByRole('spinbutton').first().click();
    await page.keyboard.type(String(tomorrow.getUTCDate()).padStart(2, '0'));
    await page.keyboard.type(String(tomorrow.getUTCMonth() + 1).padStart(2, '0'));
    await page.keyboard.type(String(tomorrow.getUTCFullYear()));
    await page.getByRole('status').getByText(PUBLISH_STATE_LABELS.scheduled).waitFor();

    await page.getByLabel(exactLabel(LABELS.summary)).fill(NEWS.summary);
    const body = page.frameLocator('iframe').first().locator('body');
    await body.click();
    await page.keyboard.type(STORY);
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' sharp');

    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel(exactLabel(LABELS.image))
      .setInputFiles({ name: 'open-day.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: LABELS.image, exact: true }).waitFor();
    // The search preview falls back to the title and summary while the meta fields are empty.
    await page.getByTestId('seo-preview-title').getByText(NEWS.title).waitFor();
    await snap(page, 'news-add');

    // A picture cannot be saved without its alt text: the form asks for it right under the picture.
    await page.getByRole('button', { name: en.save }).click();
    const alt = page.locator('[data-field="image_alt"]');
    await alt.getByText(validation.required(LABELS.altText)).waitFor();
    await alt.getByRole('textbox').fill('Visitors at the open day');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(newsResource.item)).first().waitFor();

    await page.goto(ROUTES.news);
    const row = grid(page).getByRole('row').filter({ hasText: NEWS.title });
    await row.getByText(PUBLISH_STATE_LABELS.scheduled).waitFor();
    await snap(page, 'news-list');
    await context.close();
  });

  it('filters the news by publish state, exports it and imports it back without duplicating', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.news);
    await grid(page).getByText(NEWS.title).waitFor();

    await tick(page, CATALOGUE_MESSAGES.publishState, PUBLISH_STATE_LABELS.live);
    await grid(page).getByText(NEWS.title).waitFor({ state: 'detached' });
    // Untick Live, tick Scheduled.
    await tick(page, CATALOGUE_MESSAGES.publishState, PUBLISH_STATE_LABELS.live);
    await tick(page, CATALOGUE_MESSAGES.publishState, PUBLISH_STATE_LABELS.scheduled);
    await grid(page).getByText(NEWS.title).waitFor();
    await snap(page, 'news-list-scheduled');

    await page.getByRole('button', { name: SCREEN_TEXT.export }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: LIST_SCREEN_MESSAGES.exportCsv }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(NEWS.title);
    expect(csv).toContain('<strong>');

    await page.getByRole('button', { name: SCREEN_TEXT.import }).click();
    const dialog = page.getByRole('dialog', {
      name: format(LIST_SCREEN_MESSAGES.importTitle, { item: newsResource.item }),
    });
    await dialog
      .getByLabel(LIST_SCREEN_MESSAGES.chooseFile)
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText(download.suggestedFilename()).waitFor();
    await dialog.getByRole('button', { name: SCREEN_TEXT.upload }).click();
    await page.getByText(success.imported(newsResource.item)).first().waitFor();

    await page.reload();
    await grid(page).getByText(NEWS.title).waitFor();
    expect(await grid(page).getByText(NEWS.title).count()).toBe(1);
    // The import kept the picture (files are not in the sheet).
    await grid(page).getByRole('row').filter({ hasText: NEWS.title }).locator('img').waitFor();
    await context.close();
  });

  it('creates a product highlight for a product and reorders two highlights', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const category = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/categories', {
      name: 'Highlighted Pumps',
      status: 1,
    });
    const product = await apiRequest<{ data: { id: number; name: string } }>(page, 'POST', '/api/products', {
      name: 'Highlighted Booster 500',
      other_brand: 'Own make',
      category_id: category.data.id,
      status: 1,
    });

    await addNew(page, ROUTES.productHighlights);
    await page.getByLabel(exactLabel(LABELS.title)).fill(HIGHLIGHTS[0]);
    await choose(page, LABELS.product, product.data.name);
    await page.getByLabel(exactLabel(LABELS.link)).fill('/product/highlighted-booster-500');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(productHighlightsResource.item)).first().waitFor();
    await apiRequest(page, 'POST', '/api/product-highlights', { title: HIGHLIGHTS[1], status: 1 });

    await page.goto(ROUTES.productHighlights);
    await grid(page).getByText(HIGHLIGHTS[1]).waitFor();
    expect(await rowTitles(page, HIGHLIGHTS)).toEqual([HIGHLIGHTS[0], HIGHLIGHTS[1]]);
    await grid(page).getByText(product.data.name).waitFor();

    await page.getByRole('button', { name: `${CATALOGUE_MESSAGES.moveDown}: ${HIGHLIGHTS[0]}` }).click();
    await page.waitForFunction(
      (titles) => {
        const rows = [...document.querySelectorAll('[role="row"]')].map((row) => row.textContent ?? '');
        const order = rows.flatMap((text) => titles.filter((title) => text.includes(title)));
        return order[0] === titles[1];
      },
      [...HIGHLIGHTS],
    );
    await page.reload();
    await grid(page).getByText(HIGHLIGHTS[0]).waitFor();
    expect(await rowTitles(page, HIGHLIGHTS)).toEqual([HIGHLIGHTS[1], HIGHLIGHTS[0]]);
    await snap(page, 'highlight-list');
    await context.close();
  });
});
