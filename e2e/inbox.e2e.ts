import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { en, LABELS, success } from '../src/shared/messages';
import { LIST_SCREEN_MESSAGES } from '../src/shared/messages/listScreens';
import { CONTACT_LABELS, CONTACT_STATE_LABELS, SOURCE_LABELS } from '../src/shared/resources/contactForms';
import { INBOX_SETTINGS_ITEM, INBOX_SETTINGS_LABELS } from '../src/shared/resources/inboxSources';
import { REPLY_LABELS, REPLY_STATE_LABELS } from '../src/shared/resources/contactReplies';
import { REPLY_TEMPLATE_LABELS, replyTemplatesResource } from '../src/shared/resources/replyTemplates';
import { PUBLIC_API, ROUTES } from '../src/shared/routes';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { baseUrl, E2E_ADMIN } from './support/config';
import { waitForMail } from './support/mailbox';
import { makeProduct, type MadeProduct } from './support/records';
import { SCREEN_TEXT } from '../src/shared/messages/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const grid = (page: Page) => page.getByRole('grid');
const tag = Date.now().toString(36);
const ABOUT_PRODUCT = `Is the pump in stock ${tag}`;
const GENERAL = `Opening hours ${tag}`;
const READER = `reader-${tag}@example.org`;

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: exactLabel(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('the inbox: what the website sends, triaged by staff', () => {
  let product: MadeProduct;

  it('shows a message sent through the public API as New, counted in the menu; filters by source and product survive a reload', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    product = await makeProduct(page, 'Inbox');

    // The website's server sends these (no browser origin), as the curl example of docs/website-api.md does.
    const send = (data: object) =>
      context.request.post(`${baseUrl}${PUBLIC_API.contactForms}`, {
        data: {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          message: 'Please call me back.',
          started_at: Date.now() - 20_000,
          ...data,
        },
      });
    const sent = await send({
      subject: ABOUT_PRODUCT,
      source: 'product-page',
      product: String(product.productId),
    });
    expect(sent.status()).toBe(202);
    expect(await sent.json()).toEqual({ message: expect.any(String) });
    expect((await send({ subject: GENERAL, source: 'contact-page' })).status()).toBe(202);
    const subscribed = await context.request.post(`${baseUrl}${PUBLIC_API.subscribes}`, {
      data: { email: READER, source: 'footer' },
    });
    expect(subscribed.status()).toBe(202);

    await page.goto(ROUTES.contactForms);
    const row = grid(page).getByRole('row', { name: new RegExp(ABOUT_PRODUCT) });
    await row.getByText('New').waitFor();
    await expect(row.getByText(product.productName).count()).resolves.toBe(1);
    const menuLink = page
      .getByRole('navigation', { name: en.mainMenu })
      .getByRole('link', { name: /Contact Form/ });
    await menuLink.getByLabel(/^\d+ new$/).waitFor();

    await choose(page, CONTACT_LABELS.source, 'Product Page');
    await choose(page, CONTACT_LABELS.product, product.productName);
    await page.waitForURL(/sources=product-page/);
    await page.waitForURL(/product_ids=/);
    await grid(page).getByText(ABOUT_PRODUCT).waitFor();
    await expect(grid(page).getByText(GENERAL).count()).resolves.toBe(0);
    const stored = await page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [STORAGE_KEYS.filterSources, STORAGE_KEYS.filterProducts],
    );
    expect(stored.every((value) => value !== null)).toBe(true);
    await snap(page, 'inbox-contact-form-filtered');

    await page.reload();
    await grid(page).getByText(ABOUT_PRODUCT).waitFor();
    await expect(grid(page).getByText(GENERAL).count()).resolves.toBe(0);
    // Without the query, the stored selections still apply.
    await page.goto(ROUTES.contactForms);
    await grid(page).getByText(ABOUT_PRODUCT).waitFor();
    await expect(grid(page).getByText(GENERAL).count()).resolves.toBe(0);
    await page
      .getByRole('combobox', { name: exactLabel(CONTACT_LABELS.source) })
      .getByText('Product Page')
      .waitFor();
    await context.close();
  });

  it('opens the message (Read), links the product it was about, and replies by mail: the mail arrives from the company, the thread shows it Sent, the message is Replied', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.contactForms);
    await grid(page).getByRole('link', { name: ABOUT_PRODUCT }).click();
    await page.getByRole('heading', { name: ABOUT_PRODUCT }).waitFor();
    await page.getByText('Read', { exact: true }).waitFor();
    await page.getByRole('link', { name: product.productName }).waitFor();
    const body = `Dear Ada,\n\nthe pump is in stock (${tag}).\n\nGrace`;
    await page.getByRole('textbox', { name: exactLabel(REPLY_LABELS.body) }).fill(body);
    await page.getByRole('button', { name: REPLY_LABELS.send }).click();
    await page.getByText(REPLY_LABELS.sent).waitFor();
    const thread = page.getByRole('region', { name: REPLY_LABELS.thread });
    await thread.getByText(`the pump is in stock (${tag}).`, { exact: false }).waitFor();
    await thread.getByText(E2E_ADMIN.name, { exact: true }).waitFor();
    // The queue sends it in the background; the thread follows its delivery.
    await thread.getByText(REPLY_STATE_LABELS.sent, { exact: true }).waitFor();
    await page.getByText(CONTACT_STATE_LABELS.replied, { exact: true }).waitFor();
    await snap(page, 'inbox-contact-form-detail');

    const mail = await waitForMail((arrived) => arrived.parsed.text?.includes(tag) ?? false);
    expect(mail.rcptTo).toEqual(['ada@example.org']);
    expect(mail.parsed.from?.value).toEqual([{ name: 'Acme Pumps', address: 'hello@acme.test' }]);
    expect(mail.parsed.to).toMatchObject({ value: [{ name: 'Ada Lovelace', address: 'ada@example.org' }] });
    expect(mail.parsed.subject).toBe(`Re: ${ABOUT_PRODUCT}`);
    expect(mail.parsed.text?.trim()).toBe(body);

    await page.reload();
    await page.getByText('Replied', { exact: true }).waitFor();
    await context.close();
  });

  it('writes a reply template in Setting › Reply Template, then starts a reply from it: the placeholders are filled and the mail arrives with its subject', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.replyTemplates);
    await page
      .getByRole('link', { name: SCREEN_TEXT.addNew })
      .or(page.getByRole('button', { name: SCREEN_TEXT.addNew }))
      .first()
      .click();
    await page.waitForURL(`**${ROUTES.replyTemplates}/add`);
    const name = `Stock answer ${tag}`;
    await page.getByRole('textbox', { name: exactLabel(LABELS.title) }).fill(name);
    await page
      .getByRole('textbox', { name: exactLabel(REPLY_TEMPLATE_LABELS.subject) })
      .fill('About {{product}}, {{sender_name}}');
    await page
      .getByRole('textbox', { name: exactLabel(REPLY_TEMPLATE_LABELS.body) })
      .fill('Dear {{sender_name}},\n\nthe {{product}} ships this week.\n\n{{staff_name}}');
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(replyTemplatesResource.item)).first().waitFor();
    await snap(page, 'inbox-reply-template');

    // The website's form takes 5 messages per address in 10 minutes: the message about the product is answered again.
    const subject = ABOUT_PRODUCT;
    await page.goto(ROUTES.contactForms);
    await grid(page).getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject }).waitFor();
    await page.getByRole('combobox', { name: REPLY_LABELS.template }).click();
    await page.getByRole('option', { name }).click();
    const filled = `About ${product.productName}, Ada Lovelace`;
    await page.getByText(filled).waitFor();
    const text = `Dear Ada Lovelace,\n\nthe ${product.productName} ships this week.\n\n${E2E_ADMIN.name}`;
    await expect(
      page.getByRole('textbox', { name: exactLabel(REPLY_LABELS.body) }).inputValue(),
    ).resolves.toBe(text);
    await page.getByRole('button', { name: REPLY_LABELS.send }).click();
    await page
      .getByRole('region', { name: REPLY_LABELS.thread })
      .getByText(REPLY_STATE_LABELS.sent, { exact: true })
      .waitFor();

    const mail = await waitForMail((arrived) => arrived.parsed.subject === filled);
    expect(mail.rcptTo).toEqual(['ada@example.org']);
    expect(mail.parsed.text?.trim()).toBe(text);
    await context.close();
  });

  it('chooses an acknowledgement template for the contact page in Setting › Inbox: the next sender from it gets the mail (none for Spam: the API tests)', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    const name = `Acknowledgement ${tag}`;
    await apiRequest(page, 'POST', '/api/reply-templates', {
      title: name,
      subject: `Thanks ${tag}, {{sender_name}}`,
      body: 'Dear {{sender_name}}, thank you.',
      status: 1,
    });
    await page.goto(ROUTES.inboxSettings);
    await page.getByRole('heading', { name: INBOX_SETTINGS_LABELS.title }).waitFor();
    await page
      .getByRole('combobox', {
        name: `${SOURCE_LABELS['contact-page']}: ${INBOX_SETTINGS_LABELS.acknowledgement}`,
      })
      .click();
    await page.getByRole('option', { name }).click();
    // The screen has two forms (the acknowledgements and the block list), each with its Save.
    await page
      .getByRole('form', { name: INBOX_SETTINGS_ITEM })
      .getByRole('button', { name: en.save })
      .click();
    await page.getByText(success.updated(INBOX_SETTINGS_ITEM)).first().waitFor();
    await snap(page, 'inbox-settings');

    const post = (data: object) =>
      context.request.post(`${baseUrl}${PUBLIC_API.contactForms}`, {
        data: { message: 'Hello', source: 'contact-page', started_at: Date.now() - 20_000, ...data },
      });
    expect(
      (
        await post({ name: 'Mary Somerville', email: `mary-${tag}@example.org`, subject: `Hi ${tag}` })
      ).status(),
    ).toBe(202);
    const mail = await waitForMail((arrived) => arrived.parsed.subject === `Thanks ${tag}, Mary Somerville`);
    expect(mail.rcptTo).toEqual([`mary-${tag}@example.org`]);
    expect(mail.parsed.text?.trim()).toBe('Dear Mary Somerville, thank you.');
    await context.close();
  });

  it('lists the subscriber and exports the list as CSV', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(ROUTES.subscribes);
    await page.getByLabel(LIST_SCREEN_MESSAGES.search).fill(READER);
    await grid(page).getByText(READER).waitFor();
    await snap(page, 'inbox-subscribe-list');
    await page.getByRole('button', { name: SCREEN_TEXT.export }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: LIST_SCREEN_MESSAGES.exportCsv }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain(READER);
    expect(csv.split('\n')[0]).toContain('Email');
    await context.close();
  });
});
