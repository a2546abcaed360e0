import { eq } from 'drizzle-orm';
import { API_PATHS, PUBLIC_API, contactRepliesPath, replyDraftPath } from '../../src/shared/routes';
import { INBOX_SETTINGS_LABELS } from '../../src/shared/resources/inboxSources';
import { REPLY_LABELS, type ContactReply } from '../../src/shared/resources/contactReplies';
import {
  companySettings,
  contactForms,
  contactReplies,
  products as productsTable,
  users,
} from '../db/schema';
import { createAcmePumps, createProduct } from './catalogFixtures';
import { contactReplyJob } from '../inbox/replies';
import { createRole, createTestUser } from './fixtures';
import { adminToken, authHeader, buildTestApp, login, TEST_ADMIN, type TestApp } from './helper';
import { freePort } from './network';
import { headerLines, startSmtp, type TestSmtp } from './smtp';

const COMPANY_FROM = '"Acme Pumps" <hello@acme.test>';
const INBOX_ADDRESS = 'inbox@acme.test';
const fastPolling = { jobs: { pollingSeconds: 0.5, maintenanceSeconds: 30, stopTimeoutMs: 5_000 } };

describe('replies to contact messages, sent by mail through a real SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;

  const api = (method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });

  /** A message as the public API stores it (the website's form), answering its id. */
  async function receive(fields: Record<string, unknown> = {}): Promise<number> {
    const subject = `Question ${Math.random().toString(36).slice(2)}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: {
        name: 'Grace Hopper',
        email: 'grace@example.org',
        subject,
        message: 'Is the pump in stock?',
        source: 'contact-page',
        started_at: Date.now() - 60_000,
        ...fields,
      },
    });
    expect(sent.statusCode).toBe(202);
    const [row] = await t.app.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(eq(contactForms.subject, (fields.subject as string | undefined) ?? subject));
    return row.id;
  }

  /** The mails that reached the senders (not the staff's notifications of new messages). */
  const toSenders = () => smtp.mails.filter((mail) => !mail.rcptTo.includes(INBOX_ADDRESS));
  const thread = async (id: number) =>
    (await api('GET', contactRepliesPath(id))).json<{ data: ContactReply[] }>().data;
  const stateOf = async (id: number) =>
    (
      await t.app.db.select({ state: contactForms.state }).from(contactForms).where(eq(contactForms.id, id))
    )[0].state;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: COMPANY_FROM });
    admin = await adminToken(t.app);
    await t.app.db.insert(companySettings).values({ notification_email: INBOX_ADDRESS });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    smtp.received.length = 0;
  });

  it('sends the reply from the company to the sender, with the message’s subject; the thread shows it sent; the message is Replied', async () => {
    const id = await receive({ subject: 'Pump P-200 price' });
    const answer = await api('POST', contactRepliesPath(id), {
      body: 'Dear Grace,\n\nit is in stock.\n\nAda',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      message: REPLY_LABELS.sent,
      data: {
        state: 'queued',
        subject: 'Re: Pump P-200 price',
        to: 'grace@example.org',
        sender_name: TEST_ADMIN.name,
      },
    });
    expect(await stateOf(id)).toBe('replied');

    await t.app.jobs.settle();
    expect(toSenders()).toHaveLength(1);
    const [mail] = toSenders();
    expect(mail.rcptTo).toEqual(['grace@example.org']);
    expect(mail.mailFrom).toBe('hello@acme.test');
    expect(headerLines(mail.raw).slice(0, 4)).toEqual([
      'From: Acme Pumps <hello@acme.test>',
      'To: Grace Hopper <grace@example.org>',
      `Reply-To: ${INBOX_ADDRESS}`,
      'Subject: Re: Pump P-200 price',
    ]);
    expect(mail.parsed.subject).toBe('Re: Pump P-200 price');
    expect(mail.parsed.text?.trim()).toBe('Dear Grace,\n\nit is in stock.\n\nAda');

    const [reply] = await thread(id);
    expect(reply).toMatchObject({
      state: 'sent',
      body: 'Dear Grace,\n\nit is in stock.\n\nAda',
      sender: { name: TEST_ADMIN.name },
      attempts: 0,
      last_error: null,
    });
    expect(Date.parse(reply.sent_at ?? '')).toBeGreaterThanOrEqual(Date.parse(reply.created_at));

    // A second reply joins the thread, oldest first; "Re: " is not doubled.
    expect((await api('POST', contactRepliesPath(id), { body: 'One more thing.' })).statusCode).toBe(201);
    await t.app.jobs.settle();
    expect((await thread(id)).map((row) => row.body)).toEqual([reply.body, 'One more thing.']);
    expect(toSenders()[1].parsed.subject).toBe('Re: Pump P-200 price');
  });

  it('keeps every header on its line: a sender name or subject carrying CR LF adds no header and no recipient', async () => {
    // What an attacker could store (the public form or an import): line breaks and a Bcc after them.
    const [row] = await t.app.db
      .insert(contactForms)
      .values({
        name: 'Eve\r\nBcc: victim@evil.test',
        email: 'eve@example.org',
        subject: 'Hi\r\nBcc: victim@evil.test\r\nX-Injected: yes',
        message: 'x',
        source: 'contact-page',
      })
      .returning({ id: contactForms.id });
    expect((await api('POST', contactRepliesPath(row.id), { body: 'Hello' })).statusCode).toBe(201);
    await t.app.jobs.settle();

    expect(toSenders()).toHaveLength(1);
    const [mail] = toSenders();
    expect(mail.rcptTo).toEqual(['eve@example.org']);
    const headers = headerLines(mail.raw).map((line) => line.split(':', 1)[0].toLowerCase());
    expect(headers).not.toContain('bcc');
    expect(headers).not.toContain('x-injected');
    expect(mail.parsed.subject).toBe('Re: Hi Bcc: victim@evil.test X-Injected: yes');
    expect(mail.parsed.to).toMatchObject({ value: [{ address: 'eve@example.org' }] });
  });

  it('refuses a reply by someone who may only read the inbox, to a Spam message, an empty one, and an unknown message; nothing is stored or sent', async () => {
    const reader = await createTestUser(t.app, { roleId: await createRole(t.app, ['contact-forms.index']) });
    const readerToken = (await login(t.app, reader.email, reader.password)).access_token;
    const id = await receive();

    expect((await api('GET', contactRepliesPath(id), undefined, readerToken)).statusCode).toBe(200);
    const refused = await api('POST', contactRepliesPath(id), { body: 'Hello' }, readerToken);
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: contactRepliesPath(id), payload: { body: 'x' } }))
        .statusCode,
    ).toBe(401);

    const empty = await api('POST', contactRepliesPath(id), { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ errors: { body: [expect.any(String)] } });
    const tooLong = await api('POST', contactRepliesPath(id), { body: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(422);
    expect((await api('POST', contactRepliesPath(999_999), { body: 'Hello' })).statusCode).toBe(404);
    expect((await api('GET', contactRepliesPath(999_999))).statusCode).toBe(404);
    expect((await api('POST', contactRepliesPath('abc'), { body: 'Hello' })).statusCode).toBe(404);

    const spam = await receive({ website: 'http://bot.example' });
    expect(await stateOf(spam)).toBe('spam');
    const toSpam = await api('POST', contactRepliesPath(spam), { body: 'Hello' });
    expect(toSpam.statusCode).toBe(409);
    expect(toSpam.json()).toEqual({ message: REPLY_LABELS.spamRefused });

    await t.app.jobs.settle();
    expect(await thread(id)).toEqual([]);
    expect(await thread(spam)).toEqual([]);
    expect(await stateOf(id)).toBe('new');
    expect(await stateOf(spam)).toBe('spam');
    expect(toSenders()).toEqual([]);
  });
});

describe('reply templates chosen in a reply', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const template = {
    title: 'Price enquiry',
    subject: 'Your enquiry about {{product}}, {{sender_name}}',
    body: 'Dear {{sender_name}},\n\nthe {{product}} is in stock.\n\n{{staff_name}}',
    slug: '',
    status: 1,
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: COMPANY_FROM });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses a template whose subject breaks the line or which names an unknown placeholder', async () => {
    const broken = await api('POST', '/api/reply-templates', {
      ...template,
      subject: 'Hello\r\nBcc: victim@evil.test',
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toMatchObject({ errors: { subject: ['Subject must be on one line'] } });
    const typo = await api('POST', '/api/reply-templates', { ...template, body: 'Dear {{sendername}}' });
    expect(typo.statusCode).toBe(422);
    expect(typo.json()).toMatchObject({ errors: { body: ['Unknown placeholder {{sendername}}'] } });
    expect((await api('GET', '/api/reply-templates')).json()).toMatchObject({ data: [] });
  });

  it("fills the placeholders for the message (a sender's name with CR LF stays on the subject's line) and sends with the template's subject", async () => {
    const created = await api('POST', '/api/reply-templates', template);
    expect(created.statusCode).toBe(201);
    const templateId = created.json<{ data: { id: number } }>().data.id;
    const { brand, category } = await createAcmePumps(t, admin);
    await createProduct(t, admin, { name: 'Pump P-200', brand_id: brand.id, category_id: category.id });
    const [product] = await t.app.db.select({ id: productsTable.id }).from(productsTable);
    const [message] = await t.app.db
      .insert(contactForms)
      .values({
        name: 'Eve\r\nBcc: victim@evil.test',
        email: 'eve@example.org',
        subject: 'Price?',
        message: 'How much?',
        source: 'product-page',
        product_id: product.id,
      })
      .returning({ id: contactForms.id });

    // Someone who may reply but not manage templates lists them and fills one in.
    const replier = await createTestUser(t.app, {
      roleId: await createRole(t.app, ['contact-forms.index', 'contact-forms.update']),
    });
    const token = (await login(t.app, replier.email, replier.password)).access_token;
    expect((await api('GET', '/api/reply-templates', undefined, token)).statusCode).toBe(403);
    const options = await api('GET', '/api/reply-templates/options', undefined, token);
    expect(options.json()).toMatchObject({ data: [{ id: templateId, name: 'Price enquiry', status: 1 }] });
    const draft = await api('GET', `${replyDraftPath(message.id)}?template=${templateId}`, undefined, token);
    expect(draft.statusCode).toBe(200);
    const [user] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, replier.id));
    expect(draft.json()).toEqual({
      data: {
        subject: 'Your enquiry about Pump P-200, Eve Bcc: victim@evil.test',
        body: `Dear Eve\r\nBcc: victim@evil.test,\n\nthe Pump P-200 is in stock.\n\n${user.name}`,
      },
    });

    const sent = await api(
      'POST',
      contactRepliesPath(message.id),
      { template_id: templateId, body: 'Dear Eve,\n\nthe Pump P-200 is in stock.' },
      token,
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      data: { subject: 'Your enquiry about Pump P-200, Eve Bcc: victim@evil.test' },
    });
    await t.app.jobs.settle();
    const [mail] = smtp.mails;
    expect(mail.rcptTo).toEqual(['eve@example.org']);
    expect(headerLines(mail.raw).filter((line) => /^(bcc|subject):/i.test(line))).toEqual([
      'Subject: Your enquiry about Pump P-200, Eve Bcc: victim@evil.test',
    ]);
  });

  it('refuses an inactive or unknown template, in the draft and in the reply; nothing is sent', async () => {
    smtp.mails.length = 0;
    const created = await api('POST', '/api/reply-templates', { ...template, title: 'Old one', status: 0 });
    const inactive = created.json<{ data: { id: number } }>().data.id;
    const [message] = await t.app.db
      .insert(contactForms)
      .values({ name: 'Grace', email: 'grace@example.org', subject: 'Hi', message: 'x', source: 'footer' })
      .returning({ id: contactForms.id });
    for (const query of [`?template=${inactive}`, '?template=999999', '?template=abc', ''])
      expect((await api('GET', `${replyDraftPath(message.id)}${query}`)).json()).toMatchObject({
        errors: { template: [REPLY_LABELS.templateGone] },
      });
    const refused = await api('POST', contactRepliesPath(message.id), {
      template_id: inactive,
      body: 'Hello',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errors: { template_id: [REPLY_LABELS.templateGone] } });
    expect(
      (await api('POST', contactRepliesPath(message.id), { template_id: 'x', body: 'Hello' })).statusCode,
    ).toBe(422);
    await t.app.jobs.settle();
    expect(smtp.mails).toEqual([]);
  });
});

describe('acknowledgements per source (PUT /api/settings/inbox)', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const send = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: {
        name: 'Grace Hopper',
        email: 'grace@example.org',
        subject: 'A question',
        message: 'Hello',
        source: 'contact-page',
        started_at: Date.now() - 60_000,
        ...fields,
      },
    });
  const settings = async () =>
    (await api('GET', API_PATHS.inboxSettings)).json<{
      data: { updated_at: string | null; sources: unknown[] };
    }>().data;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: COMPANY_FROM, appName: 'Acme Pumps' });
    admin = await adminToken(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses settings from someone without settings.update, an inactive template and a stale version', async () => {
    const viewer = await createTestUser(t.app, { roleId: await createRole(t.app, ['settings.show']) });
    const token = (await login(t.app, viewer.email, viewer.password)).access_token;
    expect((await api('GET', API_PATHS.inboxSettings, undefined, token)).statusCode).toBe(200);
    const body = {
      sources: [{ source: 'contact-page', acknowledgement_template_id: null }],
      updated_at: null,
    };
    expect((await api('PUT', API_PATHS.inboxSettings, body, token)).statusCode).toBe(403);

    const inactive = (
      await api('POST', '/api/reply-templates', { title: 'Off', subject: 'Off', body: 'Off', status: 0 })
    ).json<{ data: { id: number } }>().data.id;
    const refused = await api('PUT', API_PATHS.inboxSettings, {
      sources: [{ source: 'contact-page', acknowledgement_template_id: inactive }],
      updated_at: null,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { 'sources[0].acknowledgement_template_id': [INBOX_SETTINGS_LABELS.templateGone] },
    });
    expect((await api('PUT', API_PATHS.inboxSettings, { sources: [{ source: 'nowhere' }] })).statusCode).toBe(
      422,
    );
    expect((await settings()).updated_at).toBeNull();

    expect((await api('PUT', API_PATHS.inboxSettings, body)).statusCode).toBe(200);
    // The edit started before that save is stale.
    expect((await api('PUT', API_PATHS.inboxSettings, body)).statusCode).toBe(409);
  });

  it("mails the source's acknowledgement to the sender (never for Spam, once a day per address); it joins the thread and the message stays New", async () => {
    const templateId = (
      await api('POST', '/api/reply-templates', {
        title: 'Thanks',
        subject: 'We received your message, {{sender_name}}',
        body: 'Dear {{sender_name}},\n\nwe will answer within a working day.\n\n{{staff_name}}',
        status: 1,
      })
    ).json<{ data: { id: number } }>().data.id;
    const saved = await api('PUT', API_PATHS.inboxSettings, {
      sources: [
        { source: 'contact-page', acknowledgement_template_id: templateId },
        { source: 'footer', acknowledgement_template_id: null },
      ],
      updated_at: (await settings()).updated_at,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      data: {
        sources: expect.arrayContaining([
          expect.objectContaining({
            source: 'contact-page',
            acknowledgement_template: { id: templateId, name: 'Thanks' },
          }),
          expect.objectContaining({ source: 'footer', acknowledgement_template: null }),
        ]),
      },
    });
    smtp.mails.length = 0;

    expect((await send({ subject: 'First' })).statusCode).toBe(202);
    expect((await send({ subject: 'Bot', email: 'bot@example.org', website: 'x' })).statusCode).toBe(202);
    expect((await send({ subject: 'Footer', email: 'ada@example.org', source: 'footer' })).statusCode).toBe(
      202,
    );
    expect((await send({ subject: 'Second' })).statusCode).toBe(202);
    await t.app.jobs.settle();

    expect(smtp.mails.map((mail) => mail.rcptTo)).toEqual([['grace@example.org']]);
    const [mail] = smtp.mails;
    expect(mail.parsed.subject).toBe('We received your message, Grace Hopper');
    expect(mail.parsed.text?.trim()).toBe(
      'Dear Grace Hopper,\n\nwe will answer within a working day.\n\nAcme Pumps',
    );
    const [first] = await t.app.db
      .select({ id: contactForms.id, state: contactForms.state })
      .from(contactForms)
      .where(eq(contactForms.subject, 'First'));
    expect(first.state).toBe('new');
    const thread = (await api('GET', contactRepliesPath(first.id))).json<{ data: ContactReply[] }>().data;
    expect(thread).toMatchObject([
      {
        kind: 'acknowledgement',
        state: 'sent',
        sender: null,
        sender_name: 'Acme Pumps',
        subject: mail.parsed.subject,
      },
    ]);
  });
});

describe('a reply while SMTP is down', () => {
  it('stays queued with the failed try’s reason, and is sent once SMTP is back', async () => {
    const port = await freePort();
    const t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, ...fastPolling });
    let smtp: TestSmtp | undefined;
    try {
      const admin = await adminToken(t.app);
      const [row] = await t.app.db
        .insert(contactForms)
        .values({ name: 'Grace', email: 'grace@example.org', subject: 'Hi', message: 'x', source: 'footer' })
        .returning({ id: contactForms.id });
      const sent = await t.app.inject({
        method: 'POST',
        url: contactRepliesPath(row.id),
        payload: { body: 'Hello' },
        headers: authHeader(admin),
      });
      expect(sent.statusCode).toBe(201);
      const read = async () =>
        (await t.app.db.select().from(contactReplies).where(eq(contactReplies.contact_form_id, row.id)))[0];
      for (let waited = 0; (await read()).attempts === 0; waited += 50) {
        if (waited > 60_000) throw new Error('no failed try in a minute');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failed = await read();
      expect(failed).toMatchObject({
        state: 'queued',
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED/),
      });

      smtp = await startSmtp(port);
      // The reply records its failed try inside the run; the queue records the run's failure just
      // after, and only then is the job waiting for its retry (on PostgreSQL, on another connection).
      for (let waited = 0; (await t.app.jobs.retryNow(contactReplyJob)) === 0; waited += 50) {
        if (waited > 60_000) throw new Error('the job was not waiting for a retry within a minute');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await t.app.jobs.settle();
      expect(smtp.mails.map((mail) => mail.rcptTo)).toEqual([['grace@example.org']]);
      expect(await read()).toMatchObject({ state: 'sent', last_error: null, attempts: 1 });
    } finally {
      await t.close();
      await smtp?.close();
    }
  });
});
