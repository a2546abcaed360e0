import type { Browser } from 'playwright-core';
import { MEDIA_TEXT } from '../src/shared/messages/media';
import { format } from '../src/shared/messages';
import { ROUTES } from '../src/shared/routes';
import { apiRequest, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { pngOf, uploadPicture } from './support/records';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const NAME = `media-journey-${Date.now().toString(36)}.png`;
const BRAND = `Media Journey Brand ${Date.now().toString(36)}`;

describe('the media library', () => {
  it('opens from the menu, shows where a picture is used, replaces it everywhere, and refuses its delete while live', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const picture = await uploadPicture(page, NAME, 300, 200);
    const brand = await apiRequest<{ data: { id: number } }>(page, 'POST', '/api/brands', {
      name: BRAND,
      status: 1,
      logo: picture.id,
    });

    await page.goto(ROUTES.dashboard);
    await page.getByRole('button', { name: 'Setting' }).click();
    await page
      .getByRole('menuitem', { name: MEDIA_TEXT.title })
      .or(page.getByRole('link', { name: MEDIA_TEXT.title }))
      .first()
      .click();
    await page.waitForURL(`**${ROUTES.media}**`);
    await page.getByRole('heading', { name: MEDIA_TEXT.title }).waitFor();
    // The newest file comes first; its row opens the file.
    await page.getByRole('link', { name: NAME }).click();
    await page.getByRole('heading', { name: NAME }).waitFor();

    const used = page.getByRole('region', { name: MEDIA_TEXT.usedBy });
    await used.getByRole('link', { name: BRAND }).waitFor();
    await used.getByText(MEDIA_TEXT.live, { exact: true }).waitFor();
    await page.getByText('300 × 200 px').waitFor();
    await snap(page, 'media-file');

    await page.getByTestId('replace-file-input').setInputFiles({
      name: 'replacement.png',
      mimeType: 'image/png',
      buffer: await pngOf(1200, 600, 30),
    });
    await page.getByText(MEDIA_TEXT.replaced).waitFor();
    await page.getByText('1200 × 600 px').waitFor();
    await page.getByRole('heading', { name: 'replacement.png' }).waitFor();
    // The brand shows the new picture under the same file, with web sizes made from it.
    const shown = await apiRequest<{
      data: { logo: { id: number; url: string; width: number; variants?: unknown[] } };
    }>(page, 'GET', `/api/brands/${brand.data.id}`);
    expect(shown.data.logo.id).toBe(picture.id);
    expect(shown.data.logo.width).toBe(1200);
    expect(shown.data.logo.url).not.toBe(picture.url);
    expect(shown.data.logo.variants).toHaveLength(2);

    // A live brand uses it: the delete is refused, naming the brand.
    await page.getByRole('button', { name: MEDIA_TEXT.delete }).click();
    const dialog = page.getByRole('dialog', {
      name: format(MEDIA_TEXT.deleteTitle, { name: 'replacement.png' }),
    });
    await dialog.getByText(new RegExp(`cannot be deleted: ${BRAND}`)).waitFor();
    await dialog.getByRole('button', { name: MEDIA_TEXT.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});
