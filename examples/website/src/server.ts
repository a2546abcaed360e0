/**
 * The example website: `npm run example:website` beside the product (`npm start`). Node's http
 * only; the pages are built from the public API with the typed client and rebuilt on webhooks.
 *
 *   ADMIN_URL        the product (http://127.0.0.1:8080); its public API is ADMIN_URL/public/v1
 *   PUBLIC_API_URL   the same as a visitor's browser reaches it (ADMIN_URL)
 *   WEBSITE_KEY      a read key (Setting › Website): the site's reads are not limited per address
 *   WEBHOOK_SECRET   the webhook's signing secret (Setting › Webhooks, URL SITE/api/revalidate)
 *   WEBHOOK_SECRET_FILE  or a file holding it (read at each delivery)
 *   SITE_PORT        8081; SITE_HOST 127.0.0.1
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { build } from 'esbuild';
import { apiClient } from './api';
import { notFoundPage } from './render';
import { Site } from './site';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhook';

const env = process.env;
const adminUrl = (env.ADMIN_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const port = Number(env.SITE_PORT ?? 8081);
const host = env.SITE_HOST ?? '127.0.0.1';
/**
 * The signing secret: WEBHOOK_SECRET, or the file WEBHOOK_SECRET_FILE names (a mounted secret), read
 * at each delivery so a new secret needs no restart.
 */
const webhookSecret = async (): Promise<string> =>
  env.WEBHOOK_SECRET_FILE
    ? (await readFile(env.WEBHOOK_SECRET_FILE, 'utf8').catch(() => '')).trim()
    : (env.WEBHOOK_SECRET ?? '');

const site = new Site(apiClient(adminUrl, env.WEBSITE_KEY), env.PUBLIC_API_URL ?? adminUrl);
/** Deliveries handled, newest last (a delivery can come twice: its id is handled once). */
const received: { id: string; type: string; data: WebhookEvent['data']; received_at: string }[] = [];
const handled = new Set<string>();

const readBody = async (request: IncomingMessage, limit = 1 << 20): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new WebhookVerificationError('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

const send = (response: ServerResponse, status: number, body: string, type = 'text/html; charset=utf-8') => {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' });
  response.end(body);
};

/** POST /api/revalidate: the product's webhook. Verified, then answered at once; rebuilt after. */
async function revalidate(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const receivedAt = new Date();
  let delivery: ReturnType<typeof verifyWebhook>;
  try {
    delivery = verifyWebhook(await webhookSecret(), await readBody(request), request.headers);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError || error instanceof SyntaxError)) throw error;
    return send(response, 401, JSON.stringify({ message: error.message }), 'application/json');
  }
  send(response, 204, '');
  if (handled.has(delivery.id)) return;
  handled.add(delivery.id);
  const { type, data } = delivery.event;
  received.push({ id: delivery.id, type, data, received_at: receivedAt.toISOString() });
  if (received.length > 500) received.shift();
  const paths = await site.rebuild(delivery.event);
  process.stdout.write(`${JSON.stringify({ webhook: delivery.id, type, rebuilt: paths })}\n`);
}

/** GET /api/preview?token=…&path=…: the product's "Preview on site" link; rendered, never kept. */
async function preview(url: URL, response: ServerResponse): Promise<void> {
  const token = url.searchParams.get('token') ?? '';
  const page = await site.item(url.searchParams.get('path') ?? '', token);
  if (page?.status !== 200) return send(response, 404, notFoundPage(null));
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-robots-tag': 'noindex',
  });
  response.end(page.html);
}

let contactScript: string | undefined;
async function bundleContactScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(__dirname, 'contact.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  return result.outputFiles[0].text;
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://site.invalid');
  if (request.method === 'POST' && url.pathname === '/api/revalidate') return revalidate(request, response);
  if (request.method !== 'GET') return send(response, 405, 'Method Not Allowed', 'text/plain');
  if (url.pathname === '/api/preview') return preview(url, response);
  if (url.pathname === '/api/webhooks')
    return send(response, 200, JSON.stringify(received), 'application/json');
  if (url.pathname === '/contact.js')
    return send(response, 200, (contactScript ??= await bundleContactScript()), 'text/javascript');
  const page = await site.page(url.pathname.replace(/(.)\/$/, '$1'));
  if (!page) return send(response, 404, notFoundPage(null));
  if (page.status === 301) {
    response.writeHead(301, { location: page.location });
    return void response.end();
  }
  send(response, 200, page.html);
}

async function main(): Promise<void> {
  if (!env.WEBHOOK_SECRET && !env.WEBHOOK_SECRET_FILE)
    process.stderr.write('WEBHOOK_SECRET is not set: every webhook delivery will be refused\n');
  await site.buildAll();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      if (!response.headersSent) send(response, 500, 'Internal Server Error', 'text/plain');
    });
  });
  server.listen(port, host, () => {
    process.stdout.write(`example website on http://${host}:${port} (API ${adminUrl})\n`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
