import type { Browser, Page } from 'playwright-core';
import { LABELS, en, success } from '../src/shared/messages';
import { historyText } from '../src/shared/messages/historyScreens';
import { brandsResource } from '../src/shared/resources/brands';
import { productsResource } from '../src/shared/resources/products';
import { apiPath } from '../src/shared/resources/resource';
import { ROUTES, itemPath, trashPath } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { E2E_ADMIN } from './support/config';
import { makeProduct } from './support/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** A brand made through the API, with no product (so it may be deleted). */
async function makeBrand(page: Page, name: string): Promise<number> {
  const { data } = await apiRequest<{ data: { id: number } }>(page, 'POST', apiPath(brandsResource), {
    name,
    status: 1,
  });
  return data.id;
}

/** The toast (an alert) that says `text`. */
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

async function saveModel(page: Page, model: string) {
  const field = page.getByLabel(exactLabel(LABELS.model));
  await field.fill(model);
  // The save's own answer (the toast of the previous save may still be showing).
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname.startsWith(`${apiPath(productsResource)}/`),
  );
  await page.getByRole('button', { name: en.save }).click();
  expect((await saved).status()).toBe(200);
  await toast(page, success.updated(productsResource.item)).first().waitFor();
  // The form starts afresh with the saved record.
  await page.waitForFunction(
    ({ label, value }) =>
      [...document.querySelectorAll('label')].some(
        (node) =>
          node.textContent?.trim() === label &&
          (document.getElementById(node.htmlFor) as HTMLInputElement | null)?.value === value,
      ),
    { label: LABELS.model, value: model },
  );
}

describe('record history', () => {
  it('shows a product edited twice with its differences, and restores the first edit', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const { productId } = await makeProduct(page, 'History');
    await page.goto(itemPath(ROUTES.products, productId));
    await page.getByLabel(exactLabel(LABELS.model)).waitFor();

    await saveModel(page, 'HX-100');
    await saveModel(page, 'HX-200');

    // Closed at first; opening it asks for the history.
    const panel = page.getByRole('button', { name: historyText.history, exact: true });
    expect(await panel.getAttribute('aria-expanded')).toBe('false');
    await panel.click();
    const entries = page
      .getByRole('listitem')
      .filter({ hasText: historyText.entryBy('', E2E_ADMIN.name).trim() });
    await entries.nth(2).waitFor();
    const lines = await entries.allTextContents();
    expect(lines[0]).toContain(historyText.entryBy(historyText.actions.update, E2E_ADMIN.name));
    expect(lines[1]).toContain(historyText.entryBy(historyText.actions.update, E2E_ADMIN.name));
    expect(lines.at(-1)).toContain(historyText.entryBy(historyText.actions.create, E2E_ADMIN.name));

    // Each edit's difference: the newest first.
    for (const [index, before, after] of [
      [0, 'HX-100', 'HX-200'],
      [1, '', 'HX-100'],
    ] as const) {
      const entry = entries.nth(index);
      await entry.getByRole('button', { name: new RegExp(historyText.showDetails) }).click();
      const model = entry
        .locator('dt')
        .filter({ hasText: new RegExp(`^${LABELS.model}$`) })
        .locator('xpath=following-sibling::dd[1]');
      await model.waitFor();
      expect(await model.locator('ins').textContent()).toBe(after);
      if (before) expect(await model.locator('del').textContent()).toBe(before);
    }
    await snap(page, 'history-product-open');

    // Restore the first edit: the record gets HX-100 back, as a new entry on top.
    await entries.nth(1).getByRole('button', { name: historyText.restoreVersion }).click();
    const dialog = page.getByRole('dialog', { name: historyText.restoreVersionTitle });
    await dialog.getByRole('button', { name: historyText.restore }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(
      ({ label }) =>
        [...document.querySelectorAll('label')].some(
          (node) =>
            node.textContent?.trim() === label &&
            (document.getElementById(node.htmlFor) as HTMLInputElement | null)?.value === 'HX-100',
        ),
      { label: LABELS.model },
    );
    await entries
      .first()
      .getByText(historyText.entryBy(historyText.actions.restore, E2E_ADMIN.name))
      .waitFor();
    await snap(page, 'history-product-restored');
    await context.close();
  });

  it('deletes a brand from its form and undoes it from the toast', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const name = unique('Undo Brand');
    const id = await makeBrand(page, name);
    await page.goto(itemPath(ROUTES.brands, id));
    await page.getByLabel(exactLabel(LABELS.name)).waitFor();
    await page.getByRole('button', { name: en.delete }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.delete }).click();
    await page.waitForURL(`**${ROUTES.brands}`);
    const deleted = toast(page, success.deleted(brandsResource.item));
    await deleted.getByRole('button', { name: historyText.undo }).click();
    await toast(page, /restored/i)
      .first()
      .waitFor();
    // Back in the list (the restore refreshed it).
    await page.getByRole('grid').getByText(name).waitFor();
    await snap(page, 'history-brand-undone');
    await context.close();
  });

  it('restores a deleted brand from the Deleted view', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const name = unique('Trash Brand');
    const id = await makeBrand(page, name);
    await apiRequest(page, 'DELETE', `${apiPath(brandsResource)}/${id}`);
    await page.goto(ROUTES.brands);
    await page.getByRole('link', { name: historyText.deleted }).click();
    await page.waitForURL(`**${trashPath(ROUTES.brands)}`);
    await page.getByText(historyText.retention(30)).waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText(E2E_ADMIN.name).waitFor();
    await snap(page, 'history-brands-deleted');
    await row.getByRole('button', { name: historyText.restoreRecord(name) }).click();
    await toast(page, /restored/i)
      .first()
      .waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: historyText.backToList }).click();
    await page.getByRole('grid').getByText(name).waitFor();
    await context.close();
  });
});
