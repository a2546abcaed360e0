import type { Browser, Page } from 'playwright-core';
import { LABELS, en, format } from '../src/shared/messages';
import { EMPTY_LIST_MESSAGES } from '../src/shared/messages/emptyLists';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { brandsResource } from '../src/shared/resources/brands';
import { apiPath } from '../src/shared/resources/resource';
import { itemPath, ROUTES } from '../src/shared/routes';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { PHONE } from './support/axe';
import { launchBrowser, newPage, signInViaApi, snap } from './support/browser';

/** Twelve brands, enough for a second page of ten. */
const BRANDS = Array.from({ length: 12 }, (_, index) => `Listed Brand ${String(index + 1).padStart(2, '0')}`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Creates the brands through the API with the signed-in page's token. */
async function createBrands(page: Page) {
  await page.evaluate(
    async ({ url, names, tokenKey }) => {
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem(tokenKey)}`,
      };
      for (const name of names)
        await fetch(url, { method: 'POST', headers, body: JSON.stringify({ name, status: 1 }) });
    },
    { url: apiPath(brandsResource), names: BRANDS, tokenKey: STORAGE_KEYS.accessToken },
  );
}

const grid = (page: Page) => page.getByRole('grid');
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('list pages a user keeps', () => {
  it('keep page, sort and search in the URL, restored by the browser’s back and by Cancel', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await createBrands(page);
    await page.goto(ROUTES.brands);

    await page.getByLabel(LIST_SCREEN_MESSAGES.search).fill('Listed Brand');
    await page.waitForURL(/search=Listed/);
    await page.getByRole('columnheader', { name: LABELS.name }).click();
    await page.waitForURL(/sort=name/);
    await page.getByRole('button', { name: /next page/i }).click();
    await page.waitForURL(/page=2/);
    await grid(page).getByText(BRANDS[11]).waitFor();
    const state = query(page);
    expect(state).toEqual({ search: 'Listed Brand', sort: 'name', order: 'asc', page: '2' });

    // The name is a real link; the browser's back returns to page 2 of the same search and sort.
    await grid(page).getByRole('link', { name: BRANDS[11] }).click();
    await page.waitForURL(/\/product\/brand\/\d+$/);
    await page.goBack();
    await grid(page).getByText(BRANDS[11]).waitFor();
    expect(query(page)).toEqual(state);
    await expect(page.getByLabel(LIST_SCREEN_MESSAGES.search).inputValue()).resolves.toBe('Listed Brand');
    await snap(page, 'brand-list-page-2');

    // Cancel on the detail page returns there too.
    await grid(page).getByRole('link', { name: BRANDS[10] }).click();
    await page.getByRole('button', { name: en.cancel }).click();
    await grid(page).getByText(BRANDS[10]).waitFor();
    expect(query(page)).toEqual(state);
    await context.close();
  });

  it('opens a row with Enter on a focused cell, and says what is filtered when nothing matches', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(`${ROUTES.brands}?search=${encodeURIComponent(BRANDS[0])}`);
    // A keyboard user reaches the cell (the grid's own focus), then presses Enter.
    await grid(page).getByRole('gridcell', { name: 'listed-brand-01' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${itemPath(ROUTES.brands, ':id').replace(':id', '\\d+')}$`));

    await page.goto(`${ROUTES.brands}?search=nothing-like-this&status=0`);
    const empty = page
      .getByRole('status')
      .filter({ has: page.getByRole('button', { name: LIST_SCREEN_MESSAGES.resetFilters }) });
    await empty
      .getByText(
        format(EMPTY_LIST_MESSAGES.emptyFiltered, {
          item: 'brand',
          filters: `${format(EMPTY_LIST_MESSAGES.searchFor, { search: 'nothing-like-this' })}${EMPTY_LIST_MESSAGES.filterAnd}${format(EMPTY_LIST_MESSAGES.filterIs, { label: LABELS.status, value: en.notActive })}`,
        }),
      )
      .waitFor();
    await snap(page, 'brand-list-empty-filtered');
    await empty.getByRole('button', { name: LIST_SCREEN_MESSAGES.resetFilters }).click();
    // Back to every brand, newest first.
    await grid(page).getByText(BRANDS[11]).waitFor();
    expect(query(page)).toEqual({});
    await context.close();
  });

  it('on a phone shows cards that open their record, and folds the filters behind "Filters (n)"', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInViaApi(page);
    await page.goto(`${ROUTES.brands}?search=${encodeURIComponent('Listed Brand')}&sort=name&order=asc`);
    const cards = page.getByRole('list', { name: brandsResource.item });
    await cards.getByRole('heading', { name: BRANDS[0] }).waitFor();
    await expect(page.getByRole('grid').count()).resolves.toBe(0);
    await expect(cards.getByRole('listitem').count()).resolves.toBe(10);
    await snap(page, 'brand-list-phone-cards');

    // The filters are folded; the button counts the filters set (search is in sight, not counted).
    const filters = page.getByRole('button', {
      name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 0 }),
    });
    await expect(filters.getAttribute('aria-expanded')).resolves.toBe('false');
    await filters.click();
    await page.getByRole('combobox', { name: LABELS.status }).click();
    await page.getByRole('option', { name: en.active, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/status=1/);
    await page
      .getByRole('button', { name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 1 }) })
      .waitFor();
    await snap(page, 'brand-list-phone-filters-open');

    // Keyboard: Tab reaches a card's link, Enter opens the record; Back returns to the list as left.
    const link = cards.getByRole('link', { name: BRANDS[1] });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`${itemPath(ROUTES.brands, ':id').replace(':id', '\\d+')}$`));
    await page.goBack();
    await cards.getByRole('heading', { name: BRANDS[1] }).waitFor();
    expect(query(page)).toMatchObject({ search: 'Listed Brand', status: '1', sort: 'name' });

    // A tap anywhere on a card opens it.
    await cards
      .getByRole('listitem')
      .filter({ hasText: BRANDS[2] })
      .click({ position: { x: 200, y: 70 } });
    await page.waitForURL(new RegExp(`${itemPath(ROUTES.brands, ':id').replace(':id', '\\d+')}$`));
    await context.close();
  });
});
