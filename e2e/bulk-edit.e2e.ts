import type { Browser, Page } from 'playwright-core';
import { LABELS, format } from '../src/shared/messages';
import { BULK_EDIT_MESSAGES } from '../src/shared/messages/bulkEdit';
import { historyText } from '../src/shared/messages/historyScreens';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { brandsResource } from '../src/shared/resources/brands';
import { apiPath } from '../src/shared/resources/resource';
import { ROUTES } from '../src/shared/routes';
import { apiRequest, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { makeProduct } from './support/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const grid = (page: Page) => page.getByRole('grid');
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** Picks `option` in the dialog's select labelled `label`. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

describe('bulk edit', () => {
  it('sets a brand on the selected products, shows it in the list, and Undo puts the old ones back', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const tag = `Bulk ${Date.now().toString(36)}`;
    const first = await makeProduct(page, tag);
    const second = await makeProduct(page, tag);
    const target = `${tag} Target Brand`;
    await apiRequest(page, 'POST', apiPath(brandsResource), { name: target, status: 1 });

    await page.goto(ROUTES.products);
    await page.getByLabel(LIST_SCREEN_MESSAGES.search).fill(`${tag} Pump`);
    await page.waitForURL(/search=/);
    await grid(page).getByText(first.productName).waitFor();
    await grid(page).getByText(second.productName).waitFor();
    await grid(page)
      .getByRole('checkbox', { name: /select all rows/i })
      .check();
    await page.getByRole('button', { name: BULK_EDIT_MESSAGES.edit }).click();

    const dialog = page.getByRole('dialog');
    await choose(page, BULK_EDIT_MESSAGES.field, LABELS.brand);
    await choose(page, new RegExp(BULK_EDIT_MESSAGES.value), target);
    await dialog.getByRole('button', { name: BULK_EDIT_MESSAGES.preview }).click();
    await dialog
      .getByRole('status')
      .filter({
        hasText: format(BULK_EDIT_MESSAGES.summary, { matched: 2, changing: 2, unchanged: 0, refused: 0 }),
      })
      .waitFor();
    await dialog.getByText(format(BULK_EDIT_MESSAGES.fromTo, { count: 1, from: first.brandName })).waitFor();
    await snap(page, 'bulk-edit-preview');
    await dialog.getByRole('button', { name: BULK_EDIT_MESSAGES.apply }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The list shows the new brand on both rows.
    await grid(page).getByText(target).first().waitFor();
    expect(await grid(page).getByText(target).count()).toBe(2);
    const done = toast(page, /2 products updated/);
    await done.getByRole('button', { name: historyText.undo }).click();
    await toast(page, format(BULK_EDIT_MESSAGES.undone, { restored: 2 })).waitFor();
    await grid(page).getByText(first.brandName).waitFor();
    await grid(page).getByText(second.brandName).waitFor();
    expect(await grid(page).getByText(target).count()).toBe(0);
    await context.close();
  });
});
