import type { Browser, Page } from 'playwright-core';
import { LABELS, en, success, validation } from '../src/shared/messages';
import { COMPANY_ITEM, COMPANY_LABELS } from '../src/shared/resources/company';
import { apiPath } from '../src/shared/resources/resource';
import { rolesResource } from '../src/shared/resources/roles';
import { usersResource } from '../src/shared/resources/users';
import { ROUTES, addPath } from '../src/shared/routes';
import { SETTINGS_MESSAGES } from '../src/shared/messages/settings';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { launchBrowser, newPage, signIn, signInViaApi, snap, exactLabel } from './support/browser';
import { PHONE } from './support/axe';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

/** The role and user this file creates; the later tests sign in as that user. */
const ROLE = 'Brand Viewer';
const VIEWER = { name: 'Bea Brandt', email: 'bea@example.com', password: 'Only-Brands-2026' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Picks an option of a MUI select field by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: en.mainMenu });

/** The accessible names of the menu's links and buttons, in order. */
async function menuEntries(page: Page): Promise<string[]> {
  const entries = mainMenu(page).locator('a, [role="button"], button');
  return (await entries.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

describe('settings (run in order: each test builds on the one before)', () => {
  it('creates a role holding only brands.index through the permission matrix', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.roles);
    await page.getByRole('grid').waitFor();
    await snap(page, 'role-list');
    await page
      .getByRole('link', { name: SCREEN_TEXT.addNew })
      .or(page.getByRole('button', { name: SCREEN_TEXT.addNew }))
      .click();
    await page.waitForURL(`**${ROUTES.roles}/add`);

    await page.getByLabel(exactLabel(LABELS.name)).fill(ROLE);
    const brandsIndex = page.getByRole('checkbox', { name: 'brands GET', exact: true });
    await brandsIndex.check();
    expect(await page.getByRole('table').getByRole('checkbox', { checked: true }).count()).toBe(1);
    await snap(page, 'role-add-matrix');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(rolesResource.item)).first().waitFor();

    // The new role is listed and, opened again, holds exactly that one permission.
    await page.goto(ROUTES.roles);
    await page.getByRole('grid').getByText(ROLE).click();
    await page.getByLabel(exactLabel(LABELS.name)).waitFor();
    expect(await page.getByLabel(exactLabel(LABELS.name)).inputValue()).toBe(ROLE);
    await page.getByRole('checkbox', { name: 'brands GET', exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'brands GET', exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('table').getByRole('checkbox', { checked: true }).count()).toBe(1);
    await context.close();
  });

  it('refuses an empty user form with the product templates, then creates a user with that role', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(`${ROUTES.users}/add`);
    await page.getByLabel(exactLabel(LABELS.name)).waitFor();
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(validation.required(LABELS.name)).waitFor();
    await page.getByText(validation.required(LABELS.password)).waitFor();

    await page.getByLabel(exactLabel(LABELS.name)).fill(VIEWER.name);
    await page.getByLabel(exactLabel(LABELS.email)).fill(VIEWER.email);
    await choose(page, LABELS.role, ROLE);
    await choose(page, LABELS.status, en.active);
    await page.getByLabel(exactLabel(LABELS.password)).fill(VIEWER.password);
    await page.getByLabel(exactLabel(LABELS.passwordConfirmation)).fill(VIEWER.password);
    await snap(page, 'user-add');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(usersResource.item)).first().waitFor();

    await page.goto(ROUTES.users);
    await page.getByRole('grid').getByText(VIEWER.email).waitFor();
    await snap(page, 'user-list');
    await context.close();
  });

  it('shows that user only Dashboard and Product › Brand, and no access elsewhere', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, VIEWER.email, VIEWER.password);
    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Product']);

    await mainMenu(page).getByRole('button', { name: 'Product' }).click();
    await mainMenu(page).getByRole('link', { name: 'Brand' }).waitFor();
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Product', 'Brand']);
    // The submenu has finished opening (MUI Collapse) before the picture is taken.
    await mainMenu(page).locator('.MuiCollapse-entered').waitFor();
    await snap(page, 'limited-user-menu');

    for (const path of [ROUTES.users, ROUTES.roles, ROUTES.company]) {
      await page.goto(path);
      await page.getByRole('heading', { name: en.noAccessTitle }).waitFor();
      await page.getByText(en.noAccessText).waitFor();
    }
    await snap(page, 'no-access');

    // The server refuses too: the screen is not the only guard.
    const status = await page.evaluate(
      async ({ key, url }) => {
        const token = localStorage.getItem(key);
        const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        return response.status;
      },
      { key: STORAGE_KEYS.accessToken, url: apiPath(usersResource) },
    );
    expect(status).toBe(403);
    await context.close();
  });

  it('saves the company settings after pointing at a bad link', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.company);
    const youtube = page.getByLabel(COMPANY_LABELS.youtube_link);
    await youtube.waitFor();
    await youtube.fill('not a link');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(validation.invalid(COMPANY_LABELS.youtube_link)).waitFor();

    await youtube.fill('https://www.youtube.com/@example');
    await page.getByLabel(COMPANY_LABELS.office_phone_number).fill('+62 21 555 0100');
    await page.getByLabel(exactLabel(COMPANY_LABELS.address)).fill('Jl. Sudirman 1, Jakarta');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.updated(COMPANY_ITEM)).first().waitFor();
    await snap(page, 'company-settings');

    await page.reload();
    await page.getByLabel(exactLabel(COMPANY_LABELS.address)).waitFor();
    expect(await page.getByLabel(COMPANY_LABELS.youtube_link).inputValue()).toBe(
      'https://www.youtube.com/@example',
    );
    expect(await page.getByLabel(exactLabel(COMPANY_LABELS.address)).inputValue()).toBe(
      'Jl. Sudirman 1, Jakarta',
    );
    await context.close();
  });
});

describe('the permission matrix on a phone', () => {
  it('says that it scrolls sideways while columns are out of sight, and not on a desktop', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInViaApi(page);
    await page.goto(addPath(ROUTES.roles));
    const matrix = page.getByRole('region', { name: SETTINGS_MESSAGES.permissionMatrix });
    const hint = page.getByText(SETTINGS_MESSAGES.matrixScrolls);
    await hint.waitFor();
    // The DELETE column is cut off until the matrix is scrolled to it.
    const allDelete = page.getByRole('checkbox', { name: 'All DELETE' });
    expect(await allDelete.evaluate(isCutOffBy, await matrix.elementHandle())).toBe(true);
    await matrix.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await page.waitForFunction(
      (element) => element !== null && element.scrollLeft > 0,
      await matrix.elementHandle(),
    );
    expect(await allDelete.evaluate(isCutOffBy, await matrix.elementHandle())).toBe(false);
    await snap(page, 'role-matrix-phone');
    await page.setViewportSize({ width: 1366, height: 860 });
    await hint.waitFor({ state: 'detached' });
    await context.close();
  });
});

/** Whether `element` lies (partly) outside the visible box of `frame`. */
function isCutOffBy(element: Element, frame: Element | null): boolean {
  if (!frame) throw new Error('No frame');
  const box = element.getBoundingClientRect();
  const visible = frame.getBoundingClientRect();
  return box.right > visible.right || box.left < visible.left;
}
