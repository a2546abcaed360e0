import type { Browser } from 'playwright-core';
import { LABELS, en, success } from '../src/shared/messages';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { AUDIT_KIND_LABELS, AUDIT_LABELS } from '../src/shared/resources/auditLogs';
import { rolesResource } from '../src/shared/resources/roles';
import { ROUTES } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { E2E_ADMIN } from './support/config';

const ROLE = 'Audited Newsroom';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('audit log', () => {
  it("an admin changes a role's permissions, then finds in the audit log who changed it and which", async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    // A role holding news.index, made through the API (this journey is about the change after).
    const catalogue = await apiRequest<{ data: { id: number; name: string }[] }>(
      page,
      'GET',
      '/api/permissions',
    );
    const id = (name: string) => catalogue.data.find((permission) => permission.name === name)?.id;
    const created = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/roles', {
      name: ROLE,
      permissions: [id('news.index')],
    });

    // The change, through the role's permission matrix: grant brands.index, revoke news.index.
    await page.goto(`${ROUTES.roles}/${created.data.id}`);
    await page.getByLabel(exactLabel(LABELS.name)).waitFor();
    await page.getByRole('checkbox', { name: 'brands GET', exact: true }).check();
    await page.getByRole('checkbox', { name: 'news GET', exact: true }).uncheck();
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.updated(rolesResource.item)).first().waitFor();

    // The audit log, from the side menu: Setting › Audit Log.
    const menu = page.getByRole('navigation', { name: en.mainMenu });
    if (!(await menu.getByRole('link', { name: AUDIT_LABELS.title }).isVisible()))
      await menu.getByRole('button', { name: 'Setting' }).click();
    await menu.getByRole('link', { name: AUDIT_LABELS.title }).click();
    await page.waitForURL(`**${ROUTES.auditLog}`);
    await page.getByRole('heading', { name: AUDIT_LABELS.title }).waitFor();
    await page.getByRole('grid').waitFor();

    await page.getByLabel(LIST_SCREEN_MESSAGES.search).fill(ROLE);
    const summary = `Role ${ROLE} changed: added brands.index; removed news.index`;
    const row = page.getByRole('row').filter({ hasText: summary });
    await row.waitFor();
    expect(await row.getByText(AUDIT_KIND_LABELS['role.changed']).count()).toBe(1);
    expect(await row.getByText(E2E_ADMIN.name).count()).toBe(1);
    await snap(page, 'audit-log');

    await row.getByRole('button', { name: /^View details:/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('brands.index', { exact: true }).waitFor();
    expect(await dialog.getByText('news.index', { exact: true }).count()).toBe(1);
    expect(await dialog.getByText(E2E_ADMIN.email, { exact: false }).count()).toBe(1);
    await snap(page, 'audit-log-details');
    await dialog.getByRole('button', { name: AUDIT_LABELS.close }).click();

    // The record is one click away.
    await row.getByRole('link', { name: `Roles #${created.data.id}` }).click();
    await page.waitForURL(`**${ROUTES.roles}/${created.data.id}`);
    await context.close();
  });
});
