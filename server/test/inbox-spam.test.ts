import { eq, sql } from 'drizzle-orm';
import { CONTACT_LABELS, type ContactForm } from '../../src/shared/resources/contactForms';
import { BLOCK_LIST_LABELS, type BlockList } from '../../src/shared/resources/inboxSources';
import { PERMISSIONS } from '../../src/shared/permissions';
import { API_PATHS, notSpamPath, PUBLIC_API } from '../../src/shared/routes';
import { auditLogs, contactForms } from '../db/schema';
import { loadConfig } from '../config';
import { messageHash, repeatQuery } from '../inbox/spam';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';

const limits = loadConfig({}).rateLimit;

describe('spam with reasons, "Not spam" and the block list', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let settingsReader: string;
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });

  /** A message as the website sends it (unique text unless given), answering the stored row. */
  async function receive(fields: Record<string, unknown> = {}) {
    const subject = `Question ${Math.random().toString(36).slice(2)}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: {
        name: 'Grace Hopper',
        email: 'grace@example.org',
        subject,
        message: `Is the pump in stock? Reference ${subject}.`,
        source: 'contact-page',
        started_at: Date.now() - 60_000,
        ...fields,
        ...(fields.subject ? {} : { subject }),
      },
    });
    expect(sent.statusCode).toBe(202);
    const [row] = await t.app.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(eq(contactForms.subject, (fields.subject as string | undefined) ?? subject));
    return (await api('GET', `/api/contact-forms/${row.id}`)).json<{ data: ContactForm }>().data;
  }

  const saveBlockList = async (lists: Partial<BlockList>, token = admin) => {
    const current = (await api('GET', API_PATHS.inboxBlockList)).json<{ data: BlockList }>().data;
    return api(
      'PUT',
      API_PATHS.inboxBlockList,
      {
        addresses: [],
        domains: [],
        phrases: [],
        ...lists,
        updated_at: current.updated_at,
      },
      token,
    );
  };

  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: { ...limits, publicContactPerIp: { max: 1000, windowMs: 60_000 } },
    });
    admin = await adminToken(t.app);
    reader = (await signInWith(t.app, admin, [PERMISSIONS.contactFormsIndex, PERMISSIONS.settingsShow]))
      .token;
    settingsReader = (await signInWith(t.app, admin, [PERMISSIONS.settingsShow])).token;
  });
  afterAll(() => t.close());

  it('files a plain message as New with no reasons', async () => {
    const item = await receive();
    expect(item).toMatchObject({ state: 'new', spam_reasons: [] });
  });

  it('keeps each reason: honeypot, too fast (or no start time), too many links', async () => {
    expect(await receive({ website: 'http://bot' })).toMatchObject({
      state: 'spam',
      spam_reasons: ['honeypot'],
    });
    expect(await receive({ started_at: Date.now() - 500 })).toMatchObject({
      state: 'spam',
      spam_reasons: ['too_fast'],
    });
    expect(await receive({ started_at: null })).toMatchObject({ spam_reasons: ['too_fast'] });
    const links = 'See https://a.example https://b.example www.c.example and http://d.example';
    expect(await receive({ message: links })).toMatchObject({
      state: 'spam',
      spam_reasons: ['too_many_links'],
    });
    // Three links are allowed.
    expect(await receive({ message: 'https://a.example https://b.example https://c.example' })).toMatchObject(
      {
        state: 'new',
        spam_reasons: [],
      },
    );
    // Several at once, in the declared order.
    expect(await receive({ website: 'x', started_at: null, message: `${links} again` })).toMatchObject({
      spam_reasons: ['honeypot', 'too_fast', 'too_many_links'],
    });
    // The same text again (with any other reason or none) is a repeat too.
    expect(await receive({ message: links })).toMatchObject({ spam_reasons: ['too_many_links', 'repeated'] });
  });

  it('files the same text sent again (from another address, spacing and case aside) as repeated', async () => {
    const text = 'We offer the best search engine optimisation for your company website today';
    expect(await receive({ message: text, email: 'one@example.org' })).toMatchObject({ state: 'new' });
    expect(
      await receive({ message: `  ${text.toUpperCase().replace(/ /g, '   ')} `, email: 'two@example.net' }),
    ).toMatchObject({ state: 'spam', spam_reasons: ['repeated'] });
    // A short text ("Price?") is asked often by real people: not held to the rule.
    expect(await receive({ message: 'Price?' })).toMatchObject({ state: 'new' });
    expect(await receive({ message: 'Price?' })).toMatchObject({ state: 'new' });
  });

  it('finds a repeat through the index on the text’s hash, not by reading the table', async () => {
    // The table is small here: with sequential scans off, a query no index answers still shows one.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain ${repeatQuery(tx, messageHash('some text'), new Date())}`,
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contact_forms_message_hash_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('files messages from a blocked address, domain (and its subdomains) or with a blocked phrase', async () => {
    const saved = await saveBlockList({
      addresses: ['Offers@Spam.example', ''],
      domains: ['@junk.example', 'junk.example'],
      phrases: ['Cheap   Followers'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      addresses: ['offers@spam.example'],
      domains: ['junk.example'],
      phrases: ['Cheap Followers'],
    });
    expect(await receive({ email: 'OFFERS@spam.example' })).toMatchObject({
      spam_reasons: ['blocked_sender'],
    });
    expect(await receive({ email: 'someone@spam.example' })).toMatchObject({ state: 'new' });
    expect(await receive({ email: 'a@mail.junk.example' })).toMatchObject({
      spam_reasons: ['blocked_sender'],
    });
    expect(await receive({ email: 'a@notjunk.example' })).toMatchObject({ state: 'new' });
    expect(await receive({ message: 'Buy cheap\nfollowers now, for your shop!' })).toMatchObject({
      spam_reasons: ['blocked_phrase'],
    });
    const [audit] = await t.app.db
      .select({ summary: auditLogs.summary })
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'inbox.block-list-changed'));
    expect(audit.summary).toBe('Inbox block list changed: 1 addresses, 1 domains, 1 phrases');
    expect((await saveBlockList({})).statusCode).toBe(200);
  });

  it('refuses a block list edit without settings.update (403), from a stale version (409), or invalid (422)', async () => {
    expect((await saveBlockList({ phrases: ['first'] })).statusCode).toBe(200);
    expect((await saveBlockList({})).statusCode).toBe(200);
    expect((await api('GET', API_PATHS.inboxBlockList, undefined, settingsReader)).statusCode).toBe(200);
    expect((await saveBlockList({ phrases: ['viagra'] }, settingsReader)).statusCode).toBe(403);
    const current = (await api('GET', API_PATHS.inboxBlockList)).json<{ data: BlockList }>().data;
    expect(current.phrases).toEqual([]);
    const stale = await api('PUT', API_PATHS.inboxBlockList, { phrases: ['viagra'], updated_at: null });
    expect(stale.statusCode).toBe(409);
    const bad = await saveBlockList({ addresses: ['not-an-address'], domains: ['no spaces.example'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      addresses: [expect.stringContaining('line 1 (not-an-address)')],
      domains: [expect.stringContaining(BLOCK_LIST_LABELS.domains)],
    });
    const tooMany = await saveBlockList({ phrases: Array.from({ length: 501 }, (_, i) => `phrase ${i}`) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.phrases).toEqual(['Blocked Phrases: at most 500 entries']);
    const notArray = await saveBlockList({ phrases: 'viagra' as never });
    expect(notArray.statusCode).toBe(422);
  });

  it('"Not spam" moves a Spam message back to New, keeps its reasons, and is audited', async () => {
    const spam = await receive({ website: 'filled' });
    const answer = await api('POST', notSpamPath(spam.id));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      message: CONTACT_LABELS.notSpamDone,
      data: { id: spam.id, state: 'new', spam_reasons: ['honeypot'] },
    });
    const entries = await t.app.db
      .select({ record: auditLogs.record_id, resource: auditLogs.resource })
      .from(auditLogs)
      .where(eq(auditLogs.kind, 'contact.not-spam'));
    expect(entries).toEqual([{ record: spam.id, resource: 'contact-forms' }]);
  });

  it('refuses "Not spam" by a read-only user (403), on a message that is not Spam (409), on none (404)', async () => {
    const spam = await receive({ website: 'filled' });
    expect((await api('POST', notSpamPath(spam.id), undefined, reader)).statusCode).toBe(403);
    expect((await api('GET', `/api/contact-forms/${spam.id}`)).json().data.state).toBe('spam');
    const fine = await receive();
    const refused = await api('POST', notSpamPath(fine.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONTACT_LABELS.notSpamRefused);
    expect((await api('POST', notSpamPath(999999))).statusCode).toBe(404);
    expect((await api('POST', notSpamPath('abc'))).statusCode).toBeLessThan(500);
  });
});
