import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { en, success } from '../src/shared/messages';
import { eventLabel, WEBHOOK_LABELS, webhooksResource } from '../src/shared/resources/webhooks';
import { ROUTES } from '../src/shared/routes';
import { AXE_VARIANTS, axeViolations, blocking, describeViolations, recordAxe, settle } from './support/axe';
import { apiRequest, exactLabel, launchBrowser, newPage, signInViaApi, snap } from './support/browser';
import { baseUrl, E2E_PORT } from './support/config';

/** The website's endpoint, on loopback beside the e2e server (its port + 3). */
const RECEIVER_PORT = E2E_PORT + 3;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(204).end();
  });
});

let browser: Browser;
let webhookPath = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const waitFor = async (check: () => boolean, what: string) => {
  for (let tries = 0; tries < 600 && !check(); tries++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`never happened: ${what}`);
};

async function pickEvents(page: Page, events: string[]) {
  await page.getByRole('combobox', { name: exactLabel(WEBHOOK_LABELS.events) }).click();
  const list = page.getByRole('listbox');
  for (const event of events)
    await list.getByRole('option', { name: eventLabel(event), exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('Setting › Webhooks', () => {
  it('adds an endpoint, which hears a published news item and a test, signed, and logs them', async () => {
    const { context, page } = await newPage(browser);
    await signInViaApi(page);
    await page.goto(`${ROUTES.webhooks}/add`);
    await page.getByLabel(exactLabel(WEBHOOK_LABELS.name)).fill('The website');
    await page
      .getByLabel(exactLabel(WEBHOOK_LABELS.url))
      .fill(`http://127.0.0.1:${RECEIVER_PORT}/revalidate`);
    await pickEvents(page, ['news.published']);
    await page.getByRole('button', { name: en.save }).click();
    await page.getByText(success.created(webhooksResource.item)).first().waitFor();
    await page.waitForURL(/\/setting\/webhook\/\d+$/);
    webhookPath = new URL(page.url()).pathname;
    const secret = await page.getByLabel(WEBHOOK_LABELS.secret).inputValue();
    expect(secret).toMatch(/^whsec_/);

    // A news item published in the admin reaches the endpoint, signed with that secret.
    // (through the admin API, as the news form would: the journey is the webhook's)
    await apiRequest(page, 'POST', '/api/news', {
      title: 'Webhook news',
      date: new Date().toISOString().slice(0, 10),
      status: 1,
    });
    await waitFor(() => received.length >= 1, 'the news.published delivery');
    const verifier = new Verifier(secret);
    const event = verifier.verify(received[0].body, received[0].headers as Record<string, string>) as {
      type: string;
      data: { slug: string };
    };
    expect([event.type, event.data.slug]).toEqual(['news.published', 'webhook-news']);

    // Send Test, and the log shows both deliveries.
    await page.goto(webhookPath);
    await page.getByRole('button', { name: WEBHOOK_LABELS.sendTest }).click();
    await page.getByText(WEBHOOK_LABELS.testSent).first().waitFor();
    await waitFor(() => received.length >= 2, 'the test delivery');
    await page.getByRole('button', { name: WEBHOOK_LABELS.refresh }).click();
    const log = page.getByRole('grid', { name: WEBHOOK_LABELS.deliveries });
    await log.getByText('Delivered').nth(1).waitFor();
    await snap(page, 'webhook-detail-deliveries');
    await context.close();
  });

  describe.each(AXE_VARIANTS)('axe at $name', (variant) => {
    it.each([
      ['webhooks', () => ROUTES.webhooks],
      ['webhook add', () => `${ROUTES.webhooks}/add`],
      ['webhook detail with deliveries', () => webhookPath],
    ])('%s has no serious or critical violation', async (name, path) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: variant.viewport,
        colorScheme: variant.colorScheme,
      });
      const page = await context.newPage();
      await signInViaApi(page);
      await page.goto(path());
      await settle(page);
      const violations = await axeViolations(page);
      recordAxe(name, variant.name, violations);
      await snap(page, `axe ${variant.name} ${name}`.replace(/[^\w]+/g, '-'));
      await context.close();
      const failing = blocking(violations);
      if (failing.length) throw new Error(`${name} (${variant.name}):\n${describeViolations(failing)}`);
    });
  });
});
