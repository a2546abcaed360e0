import type { Browser, Page as BrowserPage } from 'playwright-core';
import { LABELS, en, success } from '../src/shared/messages';
import { PAGE_TEXT, SECTIONS, pagesResource, type Page } from '../src/shared/resources/pages';
import type { ListResponse } from '../src/shared/resources/resource';
import { ROUTES, itemPath } from '../src/shared/routes';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const whyUs = (page: BrowserPage) => page.getByRole('region', { name: SECTIONS.why_us.label });
const item = (page: BrowserPage, position: number) =>
  whyUs(page).getByRole('group', { name: PAGE_TEXT.itemHeading(SECTIONS.why_us.items.label, position) });
const itemTitles = async (page: BrowserPage) => {
  const titles: string[] = [];
  const count = await whyUs(page).getByRole('group').count();
  for (let position = 1; position <= count; position += 1)
    titles.push(await item(page, position).getByLabel(exactLabel(LABELS.title)).inputValue());
  return titles;
};

async function aboutPage(page: BrowserPage): Promise<Page> {
  const list = await apiRequest<ListResponse<Page>>(page, 'GET', '/api/pages');
  const about = list.data.find((candidate) => candidate.key === 'about');
  if (!about) throw new Error('no about page');
  return about;
}

describe('pages', () => {
  it('lists the seven pages without Add New, Delete or Import', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.pages);
    const grid = page.getByRole('grid');
    for (const title of ['Home', 'About', 'Product', 'Promotion', 'News', 'Product Article', 'Contact'])
      await grid.getByRole('gridcell', { name: title, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: SCREEN_TEXT.addNew }).count()).toBe(0);
    expect(await page.getByRole('link', { name: SCREEN_TEXT.addNew }).count()).toBe(0);
    expect(await page.getByRole('button', { name: SCREEN_TEXT.import }).count()).toBe(0);
    await snap(page, 'page-list');
    await grid.getByRole('gridcell', { name: 'About', exact: true }).click();
    await page.waitForURL(/\/page\/\d+$/);
    await whyUs(page).waitFor();
    await context.close();
  });

  it('edits the about page’s why-us items: adds two, reorders, removes one; the order survives a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    // One item to start from, saved as a colleague would have.
    const about = await aboutPage(page);
    await apiRequest(page, 'PUT', `/api/pages/${about.id}`, {
      title: about.title,
      status: about.status,
      updated_at: about.updated_at,
      sections: { why_us: { title: 'Why us', items: [{ title: 'Quality', description: 'Tested twice' }] } },
    });
    await page.goto(itemPath(ROUTES.pages, about.id));
    await item(page, 1).waitFor();

    // The preview follows typing.
    const preview = page.getByTestId('page-preview');
    await whyUs(page).getByLabel(exactLabel(LABELS.title)).first().fill('Why choose us');
    await preview.getByText('Why choose us').waitFor();

    // Add two.
    const add = whyUs(page).getByRole('button', { name: PAGE_TEXT.add(SECTIONS.why_us.items.label) });
    await add.click();
    await page.keyboard.type('Experience');
    await preview.getByText('Experience').waitFor();
    await add.click();
    await page.keyboard.type('Service');
    await item(page, 3).getByLabel(exactLabel(LABELS.description)).fill('Answers within a day');
    await preview.getByText('Answers within a day').waitFor();
    expect(await itemTitles(page)).toEqual(['Quality', 'Experience', 'Service']);

    // Reorder with the keyboard: Alt + Arrow Up in Service's title moves it above Experience.
    await item(page, 3).getByLabel(exactLabel(LABELS.title)).focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect(await itemTitles(page)).toEqual(['Quality', 'Service', 'Experience']);
    expect(await preview.getByRole('listitem').allTextContents()).toEqual([
      'QualityTested twice',
      'ServiceAnswers within a day',
      'Experience',
    ]);

    // Remove one.
    await whyUs(page)
      .getByRole('button', { name: PAGE_TEXT.remove(PAGE_TEXT.itemHeading('Item', 1)) })
      .click();
    expect(await itemTitles(page)).toEqual(['Service', 'Experience']);
    await snap(page, 'page-detail-about');

    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.updated(pagesResource.item)).first().waitFor();
    await page.reload();
    await item(page, 2).waitFor();
    expect(await itemTitles(page)).toEqual(['Service', 'Experience']);
    expect(await preview.getByRole('listitem').allTextContents()).toEqual([
      'ServiceAnswers within a day',
      'Experience',
    ]);
    await context.close();
  });

  it('shows the preview in a panel on a small screen', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signInViaApi(page);
    const about = await aboutPage(page);
    await page.goto(itemPath(ROUTES.pages, about.id));
    await whyUs(page).waitFor();
    expect(await page.getByTestId('page-preview').count()).toBe(0);
    await page.getByRole('button', { name: PAGE_TEXT.showPreview }).click();
    await page.getByTestId('page-preview').getByText('Service').waitFor();
    await snap(page, 'page-detail-phone-preview');
    await page.getByRole('button', { name: PAGE_TEXT.hidePreview }).click();
    await page.getByTestId('page-preview').waitFor({ state: 'detached' });
    await context.close();
  });
});
