import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { LABELS, en } from '../src/shared/messages';
import { PASSKEY_MESSAGES as PM } from '../src/shared/messages/passkeys';
import { REMEMBERED_DEVICE_MESSAGES as RM } from '../src/shared/messages/rememberedDevices';
import { TWO_FACTOR_MESSAGES as M } from '../src/shared/messages/twoFactor';
import { rolesResource } from '../src/shared/resources/roles';
import { usersResource } from '../src/shared/resources/users';
import { apiPath } from '../src/shared/resources/resource';
import { itemPath, ROUTES } from '../src/shared/routes';
import { AXE_VARIANTS, axeViolations, blocking, describeViolations, settle } from './support/axe';
import { WELCOME, apiRequest, launchBrowser, newPage, signIn, signInViaApi } from './support/browser';
import { passkeyBaseUrl } from './support/config';
import { makeRoleUser } from './support/records';
import { ROLE_LABELS } from '../src/shared/resources/roles';

/**
 * Two-factor sign-in in the browser: an authenticator app enrolled from the profile and its code at
 * sign-in (the code made with otpauth, as the app would), a recovery code instead, a passkey
 * registered and used through Chromium's virtual authenticator (CDP WebAuthn), alone and as the
 * second step; each new screen swept by axe in both themes and at phone width.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PASSWORD = 'Correct-Horse-Battery-9';
let sequence = 0;

/** A new active user (made by the admin through the API), to enrol without touching the admin. */
async function makeUser(page: Page): Promise<{ email: string; password: string; name: string }> {
  await signInViaApi(page);
  // The Super Admin role: not the list's first, which may be a role another file made to require a
  // second factor (the axe sweep's enrolment screen): its user would be sent to enrol, not in.
  const roles = await apiRequest<{ data: { id: number; is_super: boolean }[] }>(
    page,
    'GET',
    `${apiPath(rolesResource)}?search=${encodeURIComponent('Super Admin')}`,
  );
  const superRole = roles.data.find((role) => role.is_super);
  if (!superRole) throw new Error('the Super Admin role was not found');
  const email = `two-factor-${Date.now()}-${++sequence}@example.com`;
  await apiRequest(page, 'POST', apiPath(usersResource), {
    name: `Second Factor ${sequence}`,
    email,
    role_id: superRole.id,
    status: 1,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  return { email, password: PASSWORD, name: `Second Factor ${sequence}` };
}

/** Enrols an authenticator app from the profile (signed in): its secret and when it was confirmed. */
async function enrolApp(page: Page, password: string): Promise<{ secret: string; enrolledAt: number }> {
  await page.goto(ROUTES.profile);
  await page.getByRole('button', { name: M.enrol }).click();
  await page.getByLabel(LABELS.currentPassword).fill(password);
  await page.getByRole('button', { name: M.start }).click();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  const enrolledAt = Date.now();
  await page.getByLabel(M.code).fill(codeAt(secret, enrolledAt));
  await page.getByRole('button', { name: M.confirm }).click();
  await page.getByRole('button', { name: M.codesDone }).click();
  return { secret, enrolledAt };
}

/** Signs out from the avatar menu. */
async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: en.logout }).click();
  await page.waitForURL(`**${ROUTES.login}`);
}

/** The password step of /login, leading to the code step. */
async function passwordStep(page: Page, email: string) {
  await page.goto(ROUTES.login);
  await page.getByLabel(LABELS.email).fill(email);
  await page.getByLabel(LABELS.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: en.login }).click();
  await page.getByRole('heading', { name: M.stepTitle }).waitFor();
}

/** axe finds nothing serious on the screen as it is, in both themes, on a desktop and a phone. */
async function sweep(page: Page, name: string) {
  // The theme switches in place here (not a new context per theme as in a11y.e2e.ts): without
  // transitions axe sees the new theme's colours, not a button half-way between the two.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  for (const variant of AXE_VARIANTS) {
    await page.setViewportSize(variant.viewport);
    await page.emulateMedia({ colorScheme: variant.colorScheme });
    await settle(page);
    const found = blocking(await axeViolations(page));
    if (found.length) throw new Error(`${name} (${variant.name}):\n${describeViolations(found)}`);
  }
  await page.setViewportSize(AXE_VARIANTS[0].viewport);
  await page.emulateMedia({ colorScheme: 'light' });
}

const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('two-factor sign-in in the browser', () => {
  it('enrols an authenticator app from the profile, signs in with its code, then with a recovery code', async () => {
    const setup = await newPage(browser);
    const account = await makeUser(setup.page);
    await setup.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, account.email, account.password);
    await page.goto(ROUTES.profile);
    await page.getByRole('button', { name: M.enrol }).click();
    await page.getByLabel(LABELS.currentPassword).fill(account.password);
    await page.getByRole('button', { name: M.start }).click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    await sweep(page, 'profile, two-factor scan');
    const enrolledAt = Date.now();
    await page.getByLabel(M.code).fill(codeAt(secret, enrolledAt));
    await page.getByRole('button', { name: M.confirm }).click();
    const codes = page.getByRole('list', { name: M.codesTitle }).getByRole('listitem');
    await codes.first().waitFor();
    const recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await sweep(page, 'profile, recovery codes');
    await page.getByRole('button', { name: M.codesDone }).click();
    await context.close();

    // The password, then the code of the next time step (the one of the enrolment is spent).
    const second = await newPage(browser);
    await passwordStep(second.page, account.email);
    await sweep(second.page, 'sign-in, code step');
    await second.page.getByLabel(M.code).fill(codeAt(secret, enrolledAt + 30_000));
    await second.page.getByRole('button', { name: M.verify }).click();
    await second.page.getByRole('heading', { name: WELCOME }).waitFor();
    await second.context.close();

    const third = await newPage(browser);
    await passwordStep(third.page, account.email);
    await third.page.getByRole('button', { name: M.useRecoveryCode }).click();
    await third.page.getByLabel(M.recoveryCode).fill(recoveryCodes[0]);
    await sweep(third.page, 'sign-in, recovery code step');
    await third.page.getByRole('button', { name: M.verify }).click();
    await third.page.getByRole('heading', { name: WELCOME }).waitFor();
    await third.context.close();
  });

  it('remembers this browser after a code: the next sign-in asks no code, until the device is forgotten', async () => {
    const setup = await newPage(browser);
    const account = await makeUser(setup.page);
    await setup.context.close();

    const { context, page } = await newPage(browser);
    await signIn(page, account.email, account.password);
    const { secret, enrolledAt } = await enrolApp(page, account.password);
    await signOut(page, account.name);
    await passwordStep(page, account.email);
    await page.getByRole('checkbox', { name: RM.rememberDevice }).check();
    await page.getByLabel(M.code).fill(codeAt(secret, enrolledAt + 30_000));
    await page.getByRole('button', { name: M.verify }).click();
    // Signed in (back on the page signed out from): the avatar menu is there.
    await page.getByRole('button', { name: account.name }).waitFor();
    await signOut(page, account.name);

    // The password alone: straight in, no code step.
    await page.goto(ROUTES.login);
    await page.getByLabel(LABELS.email).fill(account.email);
    await page.getByLabel(LABELS.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: en.login }).click();
    // Signed in without a code step (which would leave the avatar out until a code is sent).
    await page.getByRole('button', { name: account.name }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe(ROUTES.login);
    await page.goto(ROUTES.profile);
    const grid = page.getByRole('grid', { name: RM.title });
    const forget = grid.getByRole('button', { name: /^Forget device: / });
    await forget.waitFor();
    await sweep(page, 'profile, remembered devices');
    await forget.click();
    const dialog = page.getByRole('dialog', { name: RM.confirmForgetTitle });
    await dialog.getByRole('button', { name: RM.confirm }).click();
    await grid.getByText(RM.empty).waitFor();

    // Forgotten: the code is asked for again.
    await signOut(page, account.name);
    await passwordStep(page, account.email);
    await context.close();
  });

  it('registers a passkey in Chromium’s virtual authenticator, signs in with it alone and as the second step', async () => {
    const setup = await newPage(browser);
    const account = await makeUser(setup.page);
    await setup.context.close();

    // WebAuthn needs a domain: the app is opened at localhost (the server's PASSKEY_ORIGIN).
    const context: BrowserContext = await browser.newContext({
      baseURL: passkeyBaseUrl,
      viewport: AXE_VARIANTS[0].viewport,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await signIn(page, account.email, account.password);
    await page.goto(ROUTES.profile);
    const section = page.getByRole('region', { name: PM.sectionTitle });
    await section.getByText(PM.none).waitFor();
    await section.getByRole('button', { name: PM.add }).click();
    await section.getByLabel(LABELS.currentPassword).fill(account.password);
    await section.getByLabel(PM.name).fill('Virtual key');
    await sweep(page, 'profile, add a passkey');
    await section.getByRole('button', { name: PM.create }).click();
    await section.getByRole('list', { name: PM.listLabel }).getByText('Virtual key').waitFor();
    await sweep(page, 'profile, passkeys listed');

    // Signed out (the stored session cleared), then a passkey alone.
    await page.evaluate(() => localStorage.clear());
    await page.goto(ROUTES.login);
    await page.getByRole('button', { name: PM.signIn }).click();
    await page.getByRole('heading', { name: WELCOME }).waitFor();

    // The password, then the passkey as the second step (the account's one factor).
    await page.evaluate(() => localStorage.clear());
    await passwordStep(page, account.email);
    await sweep(page, 'sign-in, passkey step');
    await page.getByRole('button', { name: PM.usePasskey }).click();
    await page.getByRole('heading', { name: WELCOME }).waitFor();
    const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as {
      credentials: { isResidentCredential: boolean }[];
    };
    // One passkey, discoverable (a resident credential): the one the sign-ins used.
    expect(credentials).toEqual([expect.objectContaining({ isResidentCredential: true })]);

    await context.close();
  });
  it('a role that requires a second factor: its user enrols at the next sign-in, then reaches the dashboard', async () => {
    const admin = await newPage(browser);
    await signInViaApi(admin.page);
    const account = await makeRoleUser(admin.page, 'Enrol');
    // The administrator ticks the box on the role's form.
    await admin.page.goto(itemPath(ROUTES.roles, account.roleId));
    const box = admin.page.getByRole('checkbox', { name: ROLE_LABELS.requireSecondFactor });
    await box.check();
    await admin.page.getByRole('button', { name: en.save }).click();
    await admin.page.getByText('Role has been successfully updated').waitFor();
    await admin.context.close();

    const { context, page } = await newPage(browser);
    await page.goto(ROUTES.login);
    await page.getByLabel(LABELS.email).fill(account.email);
    await page.getByLabel(LABELS.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: en.login }).click();
    // Only the enrolment screen: no menu, and any other path comes back to it.
    await page.getByRole('heading', { level: 1, name: M.enrolmentTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe(ROUTES.secondFactorEnrolment);
    await page.getByText(M.enrolmentIntro).waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.goto(ROUTES.profile);
    await page.getByRole('heading', { level: 1, name: M.enrolmentTitle }).waitFor();
    await sweep(page, 'second-factor enrolment');

    await page.getByRole('button', { name: M.enrol }).click();
    await page.getByLabel(LABELS.currentPassword).fill(account.password);
    // Exact: the screen's own "Continue to the dashboard" waits beside it.
    await page.getByRole('button', { name: M.start, exact: true }).click();
    const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
    await page.getByLabel(M.code).fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: M.confirm }).click();
    await page.getByRole('list', { name: M.codesTitle }).getByRole('listitem').first().waitFor();
    await page.getByRole('button', { name: M.codesDone }).click();
    await page.getByRole('button', { name: M.enrolmentContinue }).click();
    await page.getByRole('heading', { name: WELCOME }).waitFor();
    expect(new URL(page.url()).pathname).toBe(ROUTES.dashboard);
    await context.close();
  });
});
