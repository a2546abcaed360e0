import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { LABELS, en, success, format } from '../src/shared/messages';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { REFUSAL_MESSAGES } from '../src/shared/messages/refusals';
import { transfer } from '../src/shared/messages/transfer';
import { brandsResource } from '../src/shared/resources/brands';
import { categoriesResource } from '../src/shared/resources/categories';
import { productsResource } from '../src/shared/resources/products';
import { ROUTES } from '../src/shared/routes';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { launchBrowser, newPage, signInViaApi, snap, exactLabel } from './support/browser';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

/** What this file creates; each test builds on the one before. */
const BRAND = 'Aqua Dynamics';
const CATEGORY = 'Water Pumps';
const PRODUCT = { name: 'Aqua Dynamics Booster 300', model: 'AD-B300' };
const OVERVIEW = 'Quiet booster pump for homes';

// The smallest file that is a PDF by its content (the server reads the type from the bytes).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

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

describe('catalogue (run in order)', () => {
  it('creates a brand and a category, their slugs made from the names', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);

    await addNew(page, ROUTES.brands);
    await page.getByLabel(exactLabel(LABELS.name)).fill(BRAND);
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(brandsResource.item)).first().waitFor();

    await addNew(page, ROUTES.categories);
    await page.getByLabel(exactLabel(LABELS.name)).fill(CATEGORY);
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(categoriesResource.item)).first().waitFor();

    // The same name in capitals is another brand's name: refused on the field, nothing created (issue 41).
    await addNew(page, ROUTES.brands);
    await page.getByLabel(exactLabel(LABELS.name)).fill(BRAND.toUpperCase());
    await page.getByRole('button', { name: en.save }).click();
    await page
      .getByText(format(REFUSAL_MESSAGES.taken, { item: LABELS.name }))
      .first()
      .waitFor();
    expect(page.url()).toMatch(/\/add$/);

    await page.goto(ROUTES.brands);
    await grid(page).getByText('aqua-dynamics').waitFor();
    expect(await grid(page).getByText('aqua-dynamics-2').count()).toBe(0);
    await snap(page, 'brand-list');
    await context.close();
  });

  it('creates a product with that brand and category, rich text and a PDF document', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await addNew(page, ROUTES.products);

    await page.getByLabel(exactLabel(LABELS.name)).fill(PRODUCT.name);
    await choose(page, LABELS.brand, BRAND);
    await choose(page, LABELS.category, CATEGORY);
    await page.getByLabel(exactLabel(LABELS.model)).fill(PRODUCT.model);

    // TinyMCE, self-hosted: its editable body lives in an iframe.
    const overview = page.frameLocator('iframe').first().locator('body');
    await overview.click();
    await page.keyboard.type(OVERVIEW);
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' now');

    await page.getByLabel(exactLabel(LABELS.document)).setInputFiles({
      name: 'datasheet.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('link', { name: 'datasheet.pdf' }).waitFor();
    await snap(page, 'product-add');

    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(productsResource.item)).first().waitFor();
    await context.close();
  });

  it('finds the product through the brand filter, kept after a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.products);
    await grid(page).waitFor();

    await choose(page, LABELS.brand, BRAND);
    await page.keyboard.press('Escape');
    await grid(page).getByText(PRODUCT.name).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.filterBrands)).not.toBeNull();

    await page.reload();
    await page
      .getByRole('combobox', { name: exactLabel(LABELS.brand) })
      .getByText(BRAND)
      .waitFor();
    await grid(page).getByText(PRODUCT.name).waitFor();
    await snap(page, 'product-list-filtered');

    // The stored overview kept the bold text the editor produced.
    await grid(page).getByText(PRODUCT.name).click();
    await page.getByRole('link', { name: 'datasheet.pdf' }).waitFor();
    const html = await page.frameLocator('iframe').first().locator('body').innerHTML();
    expect(html).toContain(OVERVIEW);
    expect(html).toMatch(/<strong>\s*now<\/strong>/);
    await snap(page, 'product-detail');
    await context.close();
  });

  it('exports the filtered list as CSV and imports it back without duplicating', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.products);
    await grid(page).getByText(PRODUCT.name).waitFor();

    await page.getByRole('button', { name: SCREEN_TEXT.export }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: LIST_SCREEN_MESSAGES.exportCsv }).click(),
    ]);
    const file = await download.path();
    const csv = readFileSync(file, 'utf8');
    expect(csv).toContain(PRODUCT.name);
    expect(csv).toContain('aqua-dynamics');

    await page.getByRole('button', { name: SCREEN_TEXT.import }).click();
    const dialog = page.getByRole('dialog', {
      name: format(LIST_SCREEN_MESSAGES.importTitle, { item: productsResource.item }),
    });
    await dialog
      .getByLabel(LIST_SCREEN_MESSAGES.chooseFile)
      .setInputFiles({ name: download.suggestedFilename(), mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText(download.suggestedFilename()).waitFor();
    await snap(page, 'product-import');
    // Checked first: every row of the export matches a product that already holds its values.
    const exportedRows = parse(csv, { bom: true }).length - 1;
    expect(exportedRows).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: transfer.checkFile }).click();
    await dialog
      .getByRole('status')
      .getByText(transfer.wouldWrite(0, 0, exportedRows))
      .waitFor();
    await dialog.getByRole('button', { name: SCREEN_TEXT.upload }).click();
    await page.getByText(success.imported(productsResource.item)).first().waitFor();

    // Re-importing matched the product by its slug: still one row.
    await page.reload();
    await grid(page).getByText(PRODUCT.name).waitFor();
    expect(await grid(page).getByText(PRODUCT.name).count()).toBe(1);
    await context.close();
  });
});
