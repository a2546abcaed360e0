import { eq } from 'drizzle-orm';
import { PUBLIC_API } from '../../src/shared/routes';
import { CONFIRM_RESEND_MS, CONFIRM_TTL_MS, type Subscriber } from '../../src/shared/resources/subscribes';
import { subscribes } from '../db/schema';
import { loadConfig } from '../config';
import { expirePending, OPT_IN_TEXT } from '../inbox/optIn';
import { PUBLIC_TEXT } from '../routes/public';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { startSmtp, type TestSmtp } from './smtp';

const limits = loadConfig({}).rateLimit;
const PUBLIC_URL = 'http://api.acme.test';

describe('double opt-in of newsletter sign-ups, mailed through a real SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  let clock = new Date('2026-12-02T09:00:00.000Z');

  const signUp = (email: string, fields: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: PUBLIC_API.subscribes,
      payload: { email, source: 'footer', ...fields },
      remoteAddress: '203.0.113.7',
    });
  const confirm = (token: unknown) =>
    t.app.inject({ method: 'POST', url: PUBLIC_API.confirmSubscribe, payload: { token } });
  const row = async (email: string) =>
    (await t.app.db.select().from(subscribes).where(eq(subscribes.email, email)))[0];
  /** The confirmation mails that reached an address, in order, as the links they carry. */
  const links = async (email: string) => {
    await t.app.jobs.settle();
    return smtp.mails
      .filter((mail) => mail.rcptTo.includes(email))
      .map((mail) => {
        const found = /http:\/\/api\.acme\.test(\S+)/.exec(mail.parsed.text ?? '');
        if (!found) throw new Error(`no link in ${mail.parsed.text}`);
        return new URL(found[0]);
      });
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp(
      {
        smtpUrl: smtp.url,
        mailFrom: '"Acme Pumps" <hello@acme.test>',
        publicUrl: PUBLIC_URL,
        rateLimit: { ...limits, publicSubscribePerIp: { max: 1000, windowMs: 60_000 } },
      },
      { now: () => clock },
    );
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    clock = new Date(clock.getTime() + 3600_000);
  });

  it('keeps a sign-up Pending with its consent and mails a link; the link’s page confirms with its button, once', async () => {
    const answer = await signUp('Reader@Example.org', {
      source: 'contact-page',
      wording_version: 'nl-2026-11',
    });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ message: PUBLIC_TEXT.subscribed });
    expect(await row('reader@example.org')).toMatchObject({
      state: 'pending',
      source: 'contact-page',
      consent_ip: '203.0.113.7',
      consent_wording: 'nl-2026-11',
      confirmed_at: null,
    });
    const [link] = await links('reader@example.org');
    const [mail] = smtp.mails.filter((m) => m.rcptTo.includes('reader@example.org'));
    expect(mail.parsed.subject).toContain(OPT_IN_TEXT.subject);
    expect(mail.mailFrom).toBe('hello@acme.test');
    expect(link.pathname).toBe(PUBLIC_API.confirmSubscribe);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the token's hash is stored.
    const stored = await row('reader@example.org');
    expect(JSON.stringify(stored)).not.toContain(token);

    // Following the link shows a page with a button; it confirms nothing by itself.
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(OPT_IN_TEXT.confirmButton);
    expect(page.body).toContain(`name="token" value="${token}"`);
    expect((await row('reader@example.org')).state).toBe('pending');

    // The button posts the form (from the page's own origin).
    const pressed = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.confirmSubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PUBLIC_URL },
      payload: `token=${token}`,
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain(OPT_IN_TEXT.confirmed);
    expect(await row('reader@example.org')).toMatchObject({
      state: 'subscribed',
      confirmed_at: clock,
    });

    // Reused: told so, as a page and as JSON; nothing changes.
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.body).toContain(OPT_IN_TEXT.used);
    expect(again.body).not.toContain(OPT_IN_TEXT.confirmButton);
    const reused = await confirm(token);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: OPT_IN_TEXT.used });

    // The staff list shows the state and the consent.
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/subscribes?states=subscribed&search=reader',
        headers: authHeader(admin),
      })
    ).json<{ data: Subscriber[] }>().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      consent_ip: '203.0.113.7',
      consent_wording: 'nl-2026-11',
      confirmed_at: clock.toISOString(),
      consent_note: null,
    });
    expect(listed[0]).not.toHaveProperty('confirm_token_hash');
  });

  it('confirms by JSON from the website; a tampered, malformed or unknown token is a 422, never a 500', async () => {
    await signUp('json@example.org');
    const [link] = await links('json@example.org');
    const token = link.searchParams.get('token') ?? '';
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const refused = await confirm(tampered);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { token: [OPT_IN_TEXT.invalid] } });
    for (const bad of ["' or 1=1 --", '', 42, null, 'x'.repeat(500)])
      expect((await confirm(bad)).statusCode).toBe(422);
    const badPage = await t.app.inject({
      method: 'GET',
      url: `${PUBLIC_API.confirmSubscribe}?token=<script>`,
    });
    expect(badPage.statusCode).toBe(200);
    expect(badPage.body).toContain(OPT_IN_TEXT.invalid);
    expect(badPage.body).not.toContain('<script>');
    expect((await row('json@example.org')).state).toBe('pending');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: OPT_IN_TEXT.confirmed });
  });

  it('refuses an expired link (410, a page saying so), and the expiry deletes the unconfirmed sign-up', async () => {
    await signUp('late@example.org');
    const [link] = await links('late@example.org');
    clock = new Date(clock.getTime() + CONFIRM_TTL_MS + 1000);
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.body).toContain(OPT_IN_TEXT.expired);
    const expired = await confirm(link.searchParams.get('token'));
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: OPT_IN_TEXT.expired });
    expect((await row('late@example.org')).state).toBe('pending');
    // A sign-up still within its link is kept.
    await signUp('fresh@example.org');
    expect(await expirePending(t.app, clock)).toBe(1);
    expect(await row('late@example.org')).toBeUndefined();
    expect((await row('fresh@example.org')).state).toBe('pending');
  });

  it('mails a pending address again at most once per interval (a new link; the old one stops), a confirmed one never', async () => {
    await signUp('bomb@example.org');
    await signUp('bomb@example.org');
    await signUp('BOMB@example.org');
    expect(await links('bomb@example.org')).toHaveLength(1);
    clock = new Date(clock.getTime() + CONFIRM_RESEND_MS + 1000);
    await signUp('bomb@example.org');
    await signUp('bomb@example.org');
    const sent = await links('bomb@example.org');
    expect(sent).toHaveLength(2);
    expect((await confirm(sent[0].searchParams.get('token'))).statusCode).toBe(422);
    expect((await confirm(sent[1].searchParams.get('token'))).statusCode).toBe(200);

    // Confirmed: signing up again mails nothing and answers the same.
    clock = new Date(clock.getTime() + CONFIRM_RESEND_MS + 1000);
    const again = await signUp('bomb@example.org');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: PUBLIC_TEXT.subscribed });
    expect(await links('bomb@example.org')).toHaveLength(2);
    expect((await row('bomb@example.org')).state).toBe('subscribed');

    // A honeypot sign-up stores and mails nothing.
    await signUp('trap@example.org', { website: 'bot' });
    expect(await links('trap@example.org')).toHaveLength(0);
    expect(await row('trap@example.org')).toBeUndefined();
  });

  it('asks an unsubscribed address that signs up again to confirm again', async () => {
    await signUp('leaver@example.org');
    const [first] = await links('leaver@example.org');
    await confirm(first.searchParams.get('token'));
    const { unsubscribe_token } = await row('leaver@example.org');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: PUBLIC_API.unsubscribe,
          payload: { token: unsubscribe_token },
        })
      ).statusCode,
    ).toBe(202);
    await signUp('leaver@example.org');
    expect(await row('leaver@example.org')).toMatchObject({
      state: 'pending',
      unsubscribed_at: null,
      confirmed_at: null,
    });
    const sent = await links('leaver@example.org');
    expect(sent).toHaveLength(2);
    expect((await confirm(sent[1].searchParams.get('token'))).statusCode).toBe(200);
  });

  it('refuses a form post to the confirmation from another origin', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.confirmSubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: 'token=x',
    });
    expect(foreign.statusCode).toBe(403);
  });
});
