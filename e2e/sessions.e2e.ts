import type { Browser, Locator, Page } from 'playwright-core';
import { LABELS, en, success } from '../src/shared/messages';
import { CATALOGUE_MESSAGES } from '../src/shared/messages/catalogue';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { brandsResource } from '../src/shared/resources/brands';
import { productsResource } from '../src/shared/resources/products';
import { apiPath } from '../src/shared/resources/resource';
import { API_PATHS, ROUTES, itemPath } from '../src/shared/routes';
import { DRAFT_STORE } from '../src/shared/storageKeys';
import {
  WELCOME,
  apiRequest,
  launchBrowser,
  newPage,
  signInViaApi,
  snap,
  exactLabel,
} from './support/browser';
import { E2E_ADMIN, baseUrl } from './support/config';
import { makeProduct } from './support/records';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const productName = async (page: Page, id: number) =>
  (await apiRequest<{ data: { name: string } }>(page, 'GET', `${apiPath(productsResource)}/${id}`)).data.name;

/** Whether the form's draft of `formKey` is in IndexedDB (written a moment after typing stops). */
const hasDraft = (page: Page, formKey: string) =>
  page.evaluate(
    async ({ database, store, formKey }) => {
      // Opening a database that does not exist would create it empty, under the app's feet.
      if (!(await indexedDB.databases()).some((known) => known.name === database)) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return false;
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        return keys.some((key) => String(key).endsWith(`:${formKey}`));
      } finally {
        db.close();
      }
    },
    { database: DRAFT_STORE.database, store: DRAFT_STORE.store, formKey },
  );

/** Waits (without a deadline of its own: the test's applies) until the draft has been written. */
async function waitForDraft(page: Page, formKey: string): Promise<void> {
  while (!(await hasDraft(page, formKey))) await page.waitForTimeout(100);
}

/**
 * Presses Tab until focus is on `target` or inside it (a grid's selection header holds its checkbox),
 * a keyboard user reaching it, failing after `max` presses.
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

describe('a session that ends without losing work', () => {
  it('keeps a dirty product form when the session is revoked; after signing in again in the dialog the save goes through', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const made = await makeProduct(page, 'revoke');
    await page.goto(itemPath(ROUTES.products, made.productId));
    const name = page.getByLabel(exactLabel(LABELS.name));
    await name.waitFor();
    const edited = `${made.productName} (edited)`;
    await name.fill(edited);

    // Signed out elsewhere (or by an administrator): the access and refresh tokens are dead.
    await apiRequest(page, 'POST', API_PATHS.logout);
    await page.getByRole('button', { name: en.save }).click();

    const dialog = page.getByRole('dialog', { name: en.sessionEnded });
    await dialog.waitFor();
    // The screen stays behind the dialog, with the edit.
    expect(await name.inputValue()).toBe(edited);
    await snap(page, 'session-ended-dialog');
    await dialog.getByLabel(LABELS.password, { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: en.signInAgain }).click();

    await page.getByText(success.updated(productsResource.item)).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await productName(page, made.productId)).toBe(edited);
    expect(await name.inputValue()).toBe(edited);
    await context.close();
  });

  it('offers the draft back after a reload in the middle of an edit, and saves it', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const made = await makeProduct(page, 'reload');
    await page.goto(itemPath(ROUTES.products, made.productId));
    const name = page.getByLabel(exactLabel(LABELS.name));
    await name.waitFor();
    const edited = `${made.productName} (draft)`;
    await name.fill(edited);
    await waitForDraft(page, `products:${made.productId}`);

    // The browser asks before leaving a dirty form; the user reloads anyway.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole('alert').filter({ hasText: /You have unsaved changes from \d\d:\d\d/ });
    await offer.waitFor();
    expect(await name.inputValue()).toBe(made.productName);
    await snap(page, 'draft-offer');
    await offer.getByRole('button', { name: SCREEN_TEXT.restore }).click();
    expect(await name.inputValue()).toBe(edited);

    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.updated(productsResource.item)).first().waitFor();
    expect(await productName(page, made.productId)).toBe(edited);

    // Saved: nothing is offered any more.
    await page.reload();
    await name.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: SCREEN_TEXT.restore }).count()).toBe(0);
    await context.close();
  });
});

describe('keyboard only', () => {
  it('signs in, opens a list from the menu, filters it, opens a row, edits and saves', async () => {
    const setup = await newPage(browser);
    await signInViaApi(setup.page);
    const made = await makeProduct(setup.page, 'keys');
    await setup.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(ROUTES.login);
    // The e-mail field has focus on arrival.
    await page
      .getByLabel(LABELS.email)
      .evaluate((field) =>
        field === document.activeElement
          ? null
          : new Promise((resolve) => field.addEventListener('focus', resolve)),
      );
    await page.keyboard.type(E2E_ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: WELCOME }).waitFor();

    const menu = page.getByRole('navigation', { name: en.mainMenu });
    const product = menu.getByRole('button', { name: CATALOGUE_MESSAGES.product });
    await tabTo(page, product);
    await page.keyboard.press('ArrowRight');
    // The group opens (as a user sees it) before the next key moves into it.
    await menu.locator('[data-menu-entry][aria-expanded="true"]').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${ROUTES.brands}`);
    // Focus went to the screen's heading.
    await page.getByRole('heading', { level: 1, name: brandsResource.item }).evaluate((heading) => {
      if (heading !== document.activeElement) throw new Error('The heading did not take focus');
    });
    expect(await page.title()).toBe(`${brandsResource.item} · ${en.appName}`);

    await tabTo(page, page.getByRole('searchbox', { name: LIST_SCREEN_MESSAGES.search }));
    await page.keyboard.type(made.brandName);
    const grid = page.getByRole('grid');
    // The header row and the one brand that matches.
    await page.waitForFunction(() => document.querySelectorAll('[role="grid"] [role="row"]').length === 2);
    await grid.getByText(made.brandName).waitFor();

    // Into the grid (its first header, the selection's checkbox), right to the name, down to the
    // row, Enter opens it.
    await tabTo(page, grid.getByRole('columnheader').first());
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${itemPath(ROUTES.brands, made.brandId)}`);

    const name = page.getByLabel(exactLabel(LABELS.name));
    await tabTo(page, name);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${made.brandName} by keyboard`);
    await page.keyboard.press('Enter');
    await page.getByText(success.updated(brandsResource.item)).first().waitFor();
    await snap(page, 'keyboard-saved');
    await context.close();
  });
});

describe('dark mode', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('is chosen in the avatar menu, kept on the server and follows the user to another browser', async () => {
    const first = await newPage(browser);
    await signInViaApi(first.page);
    const light = await background(first.page);
    await first.page.getByRole('button', { name: E2E_ADMIN.name }).click();
    await first.page.getByRole('menuitemradio', { name: en.themeDark }).click();
    await first.page.waitForFunction(
      (before) => getComputedStyle(document.body).backgroundColor !== before,
      light,
    );
    const dark = await background(first.page);
    await snap(first.page, 'dashboard-dark');

    // Another browser (nothing stored), whose system asks for light: the account's choice wins.
    const other = await browser.newContext({ baseURL: baseUrl, colorScheme: 'light' });
    const page = await other.newPage();
    await signInViaApi(page);
    await page.waitForFunction(
      (expected) => getComputedStyle(document.body).backgroundColor === expected,
      dark,
    );

    // Back to the system's theme, as the other tests expect.
    await page.getByRole('button', { name: E2E_ADMIN.name }).click();
    await page.getByRole('menuitemradio', { name: en.themeSystem }).click();
    await page.waitForFunction(
      (expected) => getComputedStyle(document.body).backgroundColor === expected,
      light,
    );
    await other.close();
    await first.context.close();
  });
});
