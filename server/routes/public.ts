import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { companySettingsWire } from '../../src/shared/resources/company';
import {
  contactSubmissionSchema,
  CONTACT_LABELS,
  MAX_LINKS,
  SOURCE_LABELS,
  type ContactSubmission,
} from '../../src/shared/resources/contactForms';
import {
  confirmSubscribeSchema,
  subscribeSubmissionSchema,
  unsubscribeSchema,
} from '../../src/shared/resources/subscribes';
import { validation } from '../../src/shared/messages';
import { PUBLIC_API, ROUTES } from '../../src/shared/routes';
import type { Config } from '../config';
import type { Limiter } from '../plugins/rateLimit';
import type { Tx } from '../db/client';
import { publicErrorResponses } from '../crud/openapi';
import {
  cacheControl,
  hasPublicRead,
  pickBySchema,
  publicReadHeaders,
  publicReadRoutes,
  sendCached,
} from '../crud/publicRead';
import { keyHolds, presentedKey } from '../website/keys';
import { contactForms, products, subscribes } from '../db/schema';
import { dueTimeOf } from '../inbox/serviceLevel';
import { fieldError, HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import {
  confirmSubscribeBody,
  contactSubmissionBody,
  documentedOnly,
  subscribeSubmissionBody,
  unsubscribeBody,
} from './publicBodies';
import { findCompanySettings, findNotificationEmail } from '../repositories/company';
import { acknowledge } from '../inbox/sources';
import { messageHash, spamReasons } from '../inbox/spam';
import { checkToken, confirmPage, confirmToken, OPT_IN_TEXT, signUp, workOptIn } from '../inbox/optIn';
import { RESOURCES } from '../resources';
import { emitEvent } from '../webhooks/changes';
import { sitemapRoute } from './sitemap';

/** What the website is told after a submission: the same whatever happened to it. */
export const PUBLIC_TEXT = {
  contactReceived: 'Thank you. Your message has been received.',
  subscribed: 'Thank you. Please check your inbox: we sent you a link to confirm your subscription.',
  unsubscribed: 'You have been unsubscribed.',
  invalidLink: 'This unsubscribe link is not valid.',
  foreignOrigin: 'This origin may not call the public API.',
  badWebsiteKey: 'This website key is not valid or was revoked.',
} as const;

export const PUBLIC_BODY_LIMIT = 16 * 1024;

const MessageAnswer = Type.Object({ message: Type.String() });

/** The company as the website reads it: an allow-list of the settings' fields (no version, no notification address). */
export const companyPublicWire = Type.Pick(companySettingsWire, [
  'logo',
  'description',
  'address',
  'office_phone_number',
  'get_in_touch_description',
  'iframe_address',
  'youtube_link',
  'instagram_link',
  'facebook_link',
  'linkedin',
]);

const originOf = (url: string): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The website's API (API contract: Public API), no sign-in, under `/public/v1`: submissions of
 * contact messages and newsletter sign-ups, and the read side of every declaration with
 * `publicRead` plus the company. CORS admits only `HOST_APP_URL`'s origin; a request from another
 * origin is refused (403) before anything runs. Every route is limited per address.
 */
export async function publicRoutes(
  app: FastifyInstance,
  { config, now }: { config: Config; now: () => Date },
): Promise<void> {
  const allowed = originOf(config.hostAppUrl);
  // The confirmation page (served from this API's own address) posts its form back here.
  const self = originOf(config.publicUrl);
  workOptIn(app, now);
  const limits = config.rateLimit;
  const readLimit = app.limiter('public-read', limits.publicReadPerIp);
  const contactLimit = app.limiter('public-contact', limits.publicContactPerIp);
  const subscribeLimit = app.limiter('public-subscribe', limits.publicSubscribePerIp);
  // Staff mail is capped for the whole site: many addresses together cannot flood the inbox's mailbox
  // (past the cap, messages still arrive and the menu counts them).
  const notifyLimit = app.limiter('public-notify', limits.publicNotifications, () => 'all');

  app.decorate('publicCache', cacheControl(config.website));
  corsAndReadLimit(app, { allowed, self, readLimit, now });
  // The preflight's route: corsAndReadLimit's hook answers it.
  app.options(`${PUBLIC_API.prefix}/*`, { schema: { hide: true } }, async (_request, reply) =>
    reply.code(204).send(),
  );

  for (const resource of RESOURCES) {
    if (hasPublicRead(resource as never)) publicReadRoutes(app, resource as never, now);
  }
  await sitemapRoute(app, { config, now });

  companyRoute(app);

  contactRoute(app, config, now, contactLimit, notifyLimit);

  subscribeRoute(app, config, subscribeLimit, now);
  confirmRoutes(app, config, subscribeLimit, now);
  unsubscribeRoute(app, subscribeLimit, now);
}

/**
 * CORS for `HOST_APP_URL`'s origin only (another origin: 403 before anything runs), the preflight's
 * answer, and the read limit per address.
 */
function corsAndReadLimit(
  app: FastifyInstance,
  {
    allowed,
    self,
    readLimit,
    now,
  }: { allowed: string | undefined; self: string | undefined; readLimit: Limiter; now: () => Date },
): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Vary', 'Origin');
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownPage = origin === self && request.url.split('?')[0] === PUBLIC_API.confirmSubscribe;
      if (!ownPage && (!allowed || origin !== allowed)) {
        return reply.code(403).send({ message: PUBLIC_TEXT.foreignOrigin });
      }
      reply.header('Access-Control-Allow-Origin', ownPage ? origin : (allowed as string));
      reply.header('Access-Control-Expose-Headers', 'ETag, Retry-After');
    }
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, POST')
        .header('Access-Control-Allow-Headers', 'Content-Type, If-None-Match, X-Preview-Token')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    if (request.method === 'GET' || request.method === 'HEAD') {
      // The website's server with a live read key is not limited per address (a bad key: 401).
      const key = presentedKey(request);
      if (key === undefined) await readLimit.hit(request);
      else if (!key || !(await keyHolds(app.db, key, now())))
        throw new HttpError(401, PUBLIC_TEXT.badWebsiteKey);
    }
  });
}

/** `GET /public/v1/company`: the company settings the website shows. */
function companyRoute(app: FastifyInstance): void {
  app.get(
    PUBLIC_API.company,
    {
      schema: {
        tags: ['public'],
        summary: 'The company (settings) the website shows',
        headers: Type.Object(publicReadHeaders),
        response: { 200: Type.Object({ data: companyPublicWire }) },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, {
        data: pickBySchema(companyPublicWire, await findCompanySettings(app.db)),
      }),
  );
}

/** The contact form's OpenAPI description: its fields and its bot traps, as a website developer reads them. */
const contactSchema = {
  tags: ['public'],
  summary: 'Send a contact-form message',
  description:
    '`source`: contact-page, product-page, promotion-page or footer; `product`: an id or slug. ' +
    '`website` (a honeypot, leave empty) and `started_at` (epoch ms when the form was shown) ' +
    'are bot traps: a filled honeypot or a form sent within 3 s is accepted but stored as Spam. ' +
    `So is a message with more than ${MAX_LINKS} links, from an address or domain (or holding a phrase) ` +
    "on the inbox's block list, or with the same text as one sent in the last 24 h; staff see why. " +
    'Always 202 with the same message; never echoes what was stored.',
  body: contactSubmissionBody,
  response: { 202: MessageAnswer, ...publicErrorResponses(422) },
};

/** `POST /public/v1/contact-forms`: a contact message, stored (as Spam when a bot sent it) and notified. */
function contactRoute(
  app: FastifyInstance,
  config: Config,
  now: () => Date,
  contactLimit: Limiter,
  notifyLimit: Limiter,
): void {
  app.post(
    PUBLIC_API.contactForms,
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...documentedOnly,
      schema: contactSchema,
    },
    async (request, reply) => {
      await contactLimit.hit(request);
      const input = await parseBody(contactSubmissionSchema, request.body);
      const productId = input.product ? await findPublishedProduct(app, input.product, now()) : null;
      const at = now();
      const hash = messageHash(input.message);
      const reasons = await spamReasons(app.db, input, hash, at);
      const spam = reasons.length > 0;
      // Staff hear of a message only within the site-wide cap (a flood is stored, not mailed).
      const notify =
        !spam &&
        (await notifyLimit.hit(request).then(
          () => true,
          () => false,
        ));
      // The message and its notification in one transaction: a stored message's mail is queued.
      await app.db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(contactForms)
          .values({
            name: input.name,
            email: input.email,
            phone_number: input.phone_number || null,
            subject: input.subject,
            message: input.message,
            source: input.source,
            product_id: productId,
            state: spam ? 'spam' : 'new',
            spam_reasons: reasons,
            message_hash: hash,
            // Its source's service level runs from now (Spam gets none until "Not spam").
            due_at: spam ? null : await dueTimeOf(tx, input.source, at),
          })
          .returning({ id: contactForms.id });
        // The website hears of a message staff will see (a bot's, filed as Spam, is not told).
        if (!spam)
          await emitEvent(tx, 'contact-forms.received', {
            resource: 'contact-forms',
            id: stored.id,
            source: input.source,
          });
        if (notify) await notifyStaff(app, tx, config, input);
        // The sender's acknowledgement (their source's template), never for Spam, within the same cap.
        if (notify)
          await acknowledge(
            app,
            tx,
            {
              id: stored.id,
              name: input.name,
              email: input.email,
              source: input.source,
              product: productId ? await productName(tx, productId) : null,
            },
            config.appName,
          );
      });
      return reply.code(202).send({ message: PUBLIC_TEXT.contactReceived });
    },
  );
}

/** `POST /public/v1/subscribes`: an address subscribed to the newsletter (idempotent). */
function subscribeRoute(
  app: FastifyInstance,
  config: Config,
  subscribeLimit: Limiter,
  now: () => Date,
): void {
  app.post(
    PUBLIC_API.subscribes,
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...documentedOnly,
      schema: {
        tags: ['public'],
        summary: 'Subscribe an address to the newsletter (double opt-in)',
        description:
          'The address is Pending and mailed a confirmation link (valid 48 h) to ' +
          '`GET /public/v1/subscribes/confirm?token=…`; it is subscribed once the link is followed. ' +
          'A pending address signing up again is mailed a new link at most once per 10 min; a subscribed ' +
          'one is not mailed; an unsubscribed one is Pending again. The consent kept: when, the form ' +
          '(`source`), the caller’s address (IP) and `wording_version` (the version of the consent text ' +
          'the form showed; default newsletter-v1). The answer is the same whether the address was known.',
        body: subscribeSubmissionBody,
        response: { 202: MessageAnswer, ...publicErrorResponses(422) },
      },
    },
    async (request, reply) => {
      await subscribeLimit.hit(request);
      const input = await parseBody(subscribeSubmissionSchema, request.body);
      if (!input.website) await signUp(app, config, input, request.ip, now());
      return reply.code(202).send({ message: PUBLIC_TEXT.subscribed });
    },
  );
}

/** The confirmation link's page and its post (double opt-in): confirms a sign-up once. */
function confirmRoutes(app: FastifyInstance, config: Config, subscribeLimit: Limiter, now: () => Date): void {
  app.get(
    PUBLIC_API.confirmSubscribe,
    {
      schema: {
        tags: ['public'],
        summary: 'The confirmation link of a sign-up: a page that confirms with one button',
        description:
          'An HTML page (the link of the confirmation mail). Following the link confirms nothing by ' +
          'itself (mail scanners fetch links): its button posts the token to ' +
          '`POST /public/v1/subscribes/confirm`. A link not valid, already used or expired gets a ' +
          'page saying so (status 200: it is a page for a person).',
        querystring: Type.Object({ token: Type.Optional(Type.String()) }),
        produces: ['text/html'],
        response: { 200: Type.String({ description: 'text/html' }) },
      },
    },
    async (request, reply) => {
      await subscribeLimit.hit(request);
      const token = tokenOf((request.query as { token?: unknown }).token);
      const outcome = token ? await checkToken(app, token, now()) : 'invalid';
      const page =
        outcome === 'confirmed'
          ? confirmPage(config.appName, {
              title: OPT_IN_TEXT.confirmTitle,
              text: OPT_IN_TEXT.confirmIntro,
              token: token as string,
            })
          : confirmPage(config.appName, { title: OPT_IN_TEXT.confirmTitle, text: OPT_IN_TEXT[outcome] });
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
    },
  );

  app.post(
    PUBLIC_API.confirmSubscribe,
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...documentedOnly,
      schema: {
        tags: ['public'],
        summary: 'Confirm a sign-up with the token of its confirmation link',
        description:
          'JSON `{token}` (the website may call this from its own confirmation page) or the form of ' +
          'the link’s page. Confirms once: 200 `{message}`. A token not valid (unknown, altered) → 422 ' +
          'on `token`; already used → 409; expired (48 h) → 410; each with a message to show. A form ' +
          'post is answered with a page.',
        body: confirmSubscribeBody,
        response: {
          200: MessageAnswer,
          409: MessageAnswer,
          410: MessageAnswer,
          ...publicErrorResponses(422),
        },
      },
    },
    async (request, reply) => {
      await subscribeLimit.hit(request);
      const fromPage = String(request.headers['content-type'] ?? '').startsWith(
        'application/x-www-form-urlencoded',
      );
      const token = tokenOf((request.body as { token?: unknown } | null)?.token);
      const outcome = token ? await confirmToken(app, token, now()) : 'invalid';
      if (fromPage) {
        const title = outcome === 'confirmed' ? OPT_IN_TEXT.confirmed : OPT_IN_TEXT.confirmTitle;
        return reply
          .code(outcome === 'confirmed' ? 200 : CONFIRM_STATUS[outcome])
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(confirmPage(config.appName, { title, text: OPT_IN_TEXT[outcome] }));
      }
      if (outcome === 'invalid') {
        await parseBody(confirmSubscribeSchema, request.body);
        throw fieldError('token', OPT_IN_TEXT.invalid);
      }
      return reply.code(CONFIRM_STATUS[outcome]).send({ message: OPT_IN_TEXT[outcome] });
    },
  );
}

/** `POST /public/v1/unsubscribe`: a subscriber unsubscribed by the token of their links. */
function unsubscribeRoute(app: FastifyInstance, subscribeLimit: Limiter, now: () => Date): void {
  app.post(
    PUBLIC_API.unsubscribe,
    {
      bodyLimit: PUBLIC_BODY_LIMIT,
      ...documentedOnly,
      schema: {
        tags: ['public'],
        summary: "Unsubscribe with the token of a subscriber's links",
        description: 'The subscriber is kept, marked unsubscribed. An unknown token is a 422 on `token`.',
        body: unsubscribeBody,
        response: { 202: MessageAnswer, ...publicErrorResponses(422) },
      },
    },
    async (request, reply) => {
      await subscribeLimit.hit(request);
      const { token } = await parseBody(unsubscribeSchema, request.body);
      const [found] = await app.db
        .select({ id: subscribes.id, state: subscribes.state })
        .from(subscribes)
        .where(eq(subscribes.unsubscribe_token, token))
        .limit(1);
      if (!found) throw fieldError('token', PUBLIC_TEXT.invalidLink);
      if (found.state !== 'unsubscribed')
        await app.db.transaction(async (tx) => {
          const [gone] = await tx
            .update(subscribes)
            .set({ state: 'unsubscribed', unsubscribed_at: now() })
            .where(eq(subscribes.id, found.id))
            .returning({ email: subscribes.email });
          // Only a confirmed subscriber was ever announced as added (a pending one leaves unheard).
          if (found.state === 'subscribed')
            await emitEvent(tx, 'subscribes.removed', {
              resource: 'subscribes',
              id: found.id,
              email: gone.email,
            });
        });
      return reply.code(202).send({ message: PUBLIC_TEXT.unsubscribed });
    },
  );
}

const CONFIRM_STATUS = { confirmed: 200, used: 409, expired: 410, invalid: 422 } as const;

/** A confirmation token as its link carries it, or null (never looked up when malformed). */
const tokenOf = (value: unknown): string | null =>
  typeof value === 'string' && confirmSubscribeSchema.isValidSync({ token: value }) ? value.trim() : null;

/** The product a message is about, by id or slug, if the website may show it; else a 422 on `product`. */
async function findPublishedProduct(app: FastifyInstance, ref: string, at: Date): Promise<number> {
  const declaration = RESOURCES.find((resource) => resource.contract.group === 'products');
  const published = (
    declaration as { publicRead?: { published: (now: Date) => SQL | undefined } }
  )?.publicRead?.published(at);
  const byRef = /^\d+$/.test(ref) ? eq(products.id, Number(ref)) : eq(products.slug, ref);
  const [found] = await app.db
    .select({ id: products.id })
    .from(products)
    .where(and(byRef, published))
    .limit(1);
  if (!found) throw fieldError('product', validation.invalid(CONTACT_LABELS.product));
  return found.id;
}

const productName = async (tx: Tx, id: number): Promise<string | null> =>
  (await tx.select({ name: products.name }).from(products).where(eq(products.id, id)))[0]?.name ?? null;

/** One mail to the company's notification address (if set) about a new message, queued in its transaction. */
async function notifyStaff(
  app: FastifyInstance,
  tx: Tx,
  config: Config,
  input: ContactSubmission,
): Promise<void> {
  const to = await findNotificationEmail(tx);
  if (!to) return;
  const link = `${config.publicUrl}${ROUTES.contactForms}?states=new`;
  await app.sendMail(
    {
      to,
      subject: `New message: ${input.subject.replace(/[\r\n\t]+/g, ' ').slice(0, 120)}`,
      text:
        `${input.name} <${input.email}> wrote from the ${SOURCE_LABELS[input.source]}:\n\n` +
        `${input.message}\n\nOpen the inbox: ${link}\n`,
    },
    { tx },
  );
}
