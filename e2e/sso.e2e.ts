import type { Browser, Page } from 'playwright-core';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '../src/shared/messages/singleSignOn';
import { format } from '../src/shared/messages';
import { ROUTES } from '../src/shared/routes';
import { WELCOME, launchBrowser, newPage, snap } from './support/browser';
import { E2E_ADMIN, E2E_OIDC_NAME, baseUrl } from './support/config';

/**
 * Single sign-on in the browser: the sign-in screen's "Sign in with …" button, the company's
 * provider (oidc-provider on loopback, started by run.ts) with its own login and consent pages,
 * and back in the product signed in; a person the product does not know is told so on /login.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const ssoButton = (page: Page) =>
  page.getByRole('link', { name: format(SSO_MESSAGES.button, { name: E2E_OIDC_NAME }) });

/** From /login through the provider's pages as `login`, up to the product again. */
async function signOnAs(page: Page, login: string): Promise<void> {
  await page.goto(ROUTES.login);
  await ssoButton(page).click();
  // The provider's development login page, then its consent page.
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await snap(page, 'sso-provider-login');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('single sign-on', () => {
  it('signs the administrator in through the company’s provider, the one-time code gone from the address', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signOnAs(page, E2E_ADMIN.email);
      await page.getByRole('heading', { name: WELCOME }).waitFor();
      expect(page.url().startsWith(baseUrl)).toBe(true);
      expect(new URL(page.url()).hash).toBe('');
      await snap(page, 'sso-signed-in');
      // A session like a password's: a reload keeps it.
      await page.reload();
      await page.getByRole('heading', { name: WELCOME }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('tells a person the product does not know why they are not signed in', async () => {
    const { context, page } = await newPage(browser);
    try {
      await signOnAs(page, 'stranger@example.com');
      await page.getByText(SSO_ERROR_MESSAGES.unknown).waitFor();
      expect(new URL(page.url()).pathname).toBe(ROUTES.login);
      expect(new URL(page.url()).hash).toBe('');
      await snap(page, 'sso-refused');
    } finally {
      await context.close();
    }
  });
});
