import type { Browser } from 'playwright-core';
import { format } from '../src/shared/messages';
import { CALENDAR_MESSAGES as M } from '../src/shared/messages/calendar';
import { ROUTES } from '../src/shared/routes';
import { apiRequest, launchBrowser, newPage, signInViaApi } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TITLE = 'Calendar journey sale';
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the publishing calendar', () => {
  it('opens from the menu, shows an item, moves it with the keyboard dialog, and undoes the move', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const start = at(0);
    const created = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/promotions', {
      title: TITLE,
      date: start,
      end_date: at(1),
      status: 1,
    });
    await page.goto(ROUTES.dashboard);
    await page.getByRole('button', { name: 'Content' }).click();
    await page
      .getByRole('menuitem', { name: 'Calendar' })
      .or(page.getByRole('link', { name: 'Calendar' }))
      .first()
      .click();
    await page.waitForURL(`**${ROUTES.calendar}**`);
    await page.getByRole('button', { name: M.week }).click();
    const entry = page.getByRole('link', { name: new RegExp(`^${TITLE} · .*, Promotion, ${M.startsOn}`) });
    await entry.waitFor();
    const move = page.getByRole('button', { name: format(M.moveItem, { title: TITLE }) }).first();
    await move.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: format(M.moveTitle, { title: TITLE }) });
    await dialog.waitFor();
    await dialog.getByLabel(M.newDate).fill(at(2));
    await dialog.getByRole('button', { name: M.save }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const moved = await apiRequest<{ data: { date: string; end_date: string } }>(
      page,
      'GET',
      `/api/promotions/${created.data.id}`,
    );
    expect([moved.data.date, moved.data.end_date]).toEqual([at(2), at(3)]);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(M.undone).waitFor();
    const undone = await apiRequest<{ data: { date: string } }>(
      page,
      'GET',
      `/api/promotions/${created.data.id}`,
    );
    expect(undone.data.date).toBe(start);
    await context.close();
  });
});
