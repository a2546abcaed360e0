import type { Browser } from 'playwright-core';
import { en, t } from '../src/shared/messages';
import { API_PATHS, ROUTES } from '../src/shared/routes';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { WELCOME, launchBrowser, newPage, signIn, signInViaApi, snap } from './support/browser';
import { E2E_ADMIN } from './support/config';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const storedToken = (page: import('playwright-core').Page) =>
  page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.accessToken);

describe('guest', () => {
  it('is sent to /login from any screen of the app', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(ROUTES.profile);
    await page.waitForURL(`**${ROUTES.login}`);
    await page.getByRole('button', { name: en.login }).waitFor();
    await snap(page, 'login');
    await context.close();
  });

  it('asks for a reset link and sees the success screen', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(ROUTES.login);
    await page.getByRole('link', { name: en.forgotPasswordLink }).click();
    await page.waitForURL(`**${ROUTES.forgotPassword}`);
    const submit = page.getByRole('button', { name: en.submit });
    await submit.waitFor();
    await page.getByLabel('Email').fill('someone@example.com');
    // The API's answer awaited and checked, so a refusal says what it was instead of a bare timeout.
    const answer = page.waitForResponse((response) => response.url().endsWith(API_PATHS.passwordForgot));
    await submit.click();
    expect((await answer).status()).toBe(200);
    await page.waitForURL(`**${ROUTES.forgotPasswordSuccess}`);
    await page.getByText(en.forgotPasswordSuccess).waitFor();
    await snap(page, 'forgot-password-success');
    await context.close();
  });

  it('sees the token-expired state for a dead reset link', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${ROUTES.resetPassword}?token=dead-token&email=${encodeURIComponent(E2E_ADMIN.email)}`);
    await page.getByText(en.tokenExpiredTitle).waitFor();
    await page.getByText(en.tokenExpiredText).waitFor();
    await snap(page, 'reset-password-expired');
    await context.close();
  });
});

describe('signed-in admin', () => {
  it('is refused with a wrong password, keeps no token, then signs in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(ROUTES.login);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: en.login }).click();
    await page.getByText(en.invalidCredentials).first().waitFor();
    expect(await storedToken(page)).toBeNull();
    await snap(page, 'login-refused');

    await signIn(page);
    await page.getByRole('heading', { name: t('welcome', { name: E2E_ADMIN.name }) }).waitFor();
    expect(await storedToken(page)).not.toBeNull();
    await snap(page, 'dashboard');

    await page.goto(ROUTES.login);
    await page.waitForURL((url) => url.pathname === ROUTES.dashboard);
    await context.close();
  });

  it('opens the avatar menu with the name and the account links', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.getByRole('button', { name: E2E_ADMIN.name }).click();
    const menu = page.getByRole('menu', { name: E2E_ADMIN.name });
    // The name and e-mail head the dropdown, above its items.
    await page.getByRole('presentation').getByText(E2E_ADMIN.email).waitFor();
    await menu.getByRole('menuitem', { name: en.viewProfile }).waitFor();
    await menu.getByRole('menuitem', { name: en.changePassword }).waitFor();
    await menu.getByRole('menuitem', { name: en.logout }).waitFor();
    await snap(page, 'avatar-menu');
    await menu.getByRole('menuitem', { name: en.viewProfile }).click();
    await page.waitForURL(`**${ROUTES.profile}`);
    await context.close();
  });

  it('edits the profile and sees the change', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.profile);
    await page.getByRole('button', { name: SCREEN_TEXT.edit }).click();
    await page.getByLabel('Phone Number').fill('+62 21 5550 1234');
    await snap(page, 'profile-edit');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(en.profileUpdated).first().waitFor();
    await page.getByText('+62 21 5550 1234').first().waitFor();
    await snap(page, 'profile');
    await context.close();
  });

  it('changes the password, signs in with the new one, and changes it back', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const change = async (from: string, to: string) => {
      await page.goto(ROUTES.changePassword);
      await page.getByLabel('Current Password').fill(from);
      await page.getByLabel('Password', { exact: true }).fill(to);
      await page.getByLabel('Password Confirmation').fill(to);
      await page.getByRole('button', { name: en.save }).click();
      await page.getByText(en.passwordChanged).first().waitFor();
    };
    await change(E2E_ADMIN.password, 'A-brand-new-secret-42');
    await snap(page, 'change-password');
    const other = await newPage(browser);
    await signIn(other.page, E2E_ADMIN.email, 'A-brand-new-secret-42');
    await other.context.close();
    await change('A-brand-new-secret-42', E2E_ADMIN.password);
    await context.close();
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: en.notFoundTitle }).waitFor();
    await page.getByText(en.notFoundText).waitFor();
    await snap(page, 'not-found');
    await page
      .getByRole('link', { name: en.backToHome })
      .or(page.getByRole('button', { name: en.backToHome }))
      .click();
    await page.getByRole('heading', { name: WELCOME }).waitFor();
    await context.close();
  });

  it('shows the 404 page for an unknown path when signed out too, and sends the way home to sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: en.notFoundTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await page.getByRole('link', { name: en.backToHome }).click();
    await page.waitForURL(`**${ROUTES.login}`);
    await context.close();
  });

  it('signs out from the avatar menu and clears the session', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.getByRole('button', { name: E2E_ADMIN.name }).click();
    await page.getByRole('menuitem', { name: en.logout }).click();
    await page.waitForURL(`**${ROUTES.login}`);
    expect(await storedToken(page)).toBeNull();
    await page.goto(ROUTES.dashboard);
    await page.waitForURL(`**${ROUTES.login}`);
    await context.close();
  });
});

describe('small screen', () => {
  it('opens the side menu in a 378 px left drawer from the menu button', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInViaApi(page);
    await page.getByRole('button', { name: en.openMenu }).click();
    const drawer = page.getByRole('dialog', { name: en.menu });
    await drawer.getByText('Dashboard').waitFor();
    await drawer.waitFor();
    // The drawer slides in; its final place is flush with the left edge.
    const handle = await drawer.elementHandle();
    await page.waitForFunction((element) => element?.getBoundingClientRect().left === 0, handle);
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(378);
    await snap(page, 'mobile-drawer');
    await context.close();
  });
});
