import { parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS } from '../../src/shared/permissions';
import {
  ERASED_AUDIT_SUMMARY,
  ERASED_TEXT,
  PRIVACY_LABELS,
  type PrivacySummary,
} from '../../src/shared/resources/privacy';
import { API_PATHS, contactRepliesPath, PUBLIC_API } from '../../src/shared/routes';
import { auditLogs, contactForms, contactReplies, subscribes } from '../db/schema';
import { revisions } from '../db/schema/revisions';
import { loadConfig } from '../config';
import type { PersonData } from '../inbox/privacy';
import { runInboxPurge } from '../plugins/retention';
import { recordAudit } from '../security/audit';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, TEST_ADMIN, type TestApp } from './helper';

const limits = loadConfig({}).rateLimit;
const PERSON = 'Ann.Person@Example.org';
const person = PERSON.toLowerCase();

describe("a person's data (Setting › Privacy): export and erasure", () => {
  let t: TestApp;
  let admin: string;
  let exporter: string;
  let outsider: string;

  const api = (method: 'GET' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const query = (email: string) => `email=${encodeURIComponent(email)}`;

  async function receive(email: string, subject: string): Promise<number> {
    const sent = await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: {
        name: 'Ann Person',
        email,
        phone_number: '+44 1234 5678',
        subject,
        message: `About ${subject}: please call me back.`,
        source: 'contact-page',
        started_at: Date.now() - 60_000,
      },
    });
    expect(sent.statusCode).toBe(202);
    const [row] = await t.app.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(eq(contactForms.subject, subject));
    return row.id;
  }

  let messageIds: number[];
  let otherId: number;

  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: {
        ...limits,
        publicContactPerIp: { max: 1000, windowMs: 60_000 },
        publicSubscribePerIp: { max: 1000, windowMs: 60_000 },
      },
    });
    admin = await adminToken(t.app);
    exporter = (await signInWith(t.app, admin, [PERMISSIONS.privacyIndex])).token;
    outsider = (await signInWith(t.app, admin, [PERMISSIONS.contactFormsIndex, PERMISSIONS.subscribesIndex]))
      .token;

    // Two messages of the person (one with the address in another case), one of someone else.
    messageIds = [await receive(PERSON, 'Pump price'), await receive(person, 'Delivery time')];
    otherId = await receive('joann.person@example.org.uk', 'Someone else');
    const reply = await t.app.inject({
      method: 'POST',
      url: contactRepliesPath(messageIds[0]),
      headers: authHeader(admin),
      payload: { body: 'Dear Ann, the price is 120 EUR.', template_id: null },
    });
    expect(reply.statusCode).toBe(201);
    await t.app.inject({
      method: 'POST',
      url: PUBLIC_API.subscribes,
      payload: { email: PERSON, source: 'footer' },
    });
    // Audit entries naming the address, and one naming a longer address that merely contains it.
    await recordAudit(t.app.db, { kind: 'export', email: person, summary: 'A failed sign-in' });
    await recordAudit(t.app.db, {
      kind: 'import',
      summary: `Subscriber ${person} imported`,
      details: { note: 'by hand' },
    });
    await recordAudit(t.app.db, { kind: 'import', summary: 'Imported', details: { address: PERSON } });
    await recordAudit(t.app.db, { kind: 'import', summary: `Subscriber x${person}.uk imported` });
  });
  afterAll(() => t.close());

  it('refuses without privacy.index (403) and refuses an erasure without privacy.destroy (403)', async () => {
    expect((await api('GET', `${API_PATHS.privacy}?${query(person)}`, undefined, outsider)).statusCode).toBe(
      403,
    );
    expect(
      (await api('GET', `${API_PATHS.privacyExport}?${query(person)}`, undefined, outsider)).statusCode,
    ).toBe(403);
    for (const token of [outsider, exporter]) {
      const refused = await api('DELETE', API_PATHS.privacy, { email: person, confirm_email: person }, token);
      expect(refused.statusCode).toBe(403);
    }
    expect((await t.app.db.select().from(subscribes).where(eq(subscribes.email, person))).length).toBe(1);
  });

  it('refuses what is not an e-mail address, an unknown format, and an erasure not confirmed by the same address (422)', async () => {
    for (const bad of ['', 'nope', 'a@b', `${'x'.repeat(300)}@example.org`]) {
      const summary = await api('GET', `${API_PATHS.privacy}?${query(bad)}`);
      expect(summary.statusCode).toBe(422);
      expect(Object.keys(summary.json().errors)).toEqual(['email']);
      expect((await api('GET', `${API_PATHS.privacyExport}?${query(bad)}`)).statusCode).toBe(422);
    }
    expect((await api('GET', API_PATHS.privacy)).statusCode).toBe(422);
    const xml = await api('GET', `${API_PATHS.privacyExport}?${query(person)}&format=xml`);
    expect(xml.statusCode).toBe(422);
    expect(Object.keys(xml.json().errors)).toEqual(['format']);
    for (const confirm of [undefined, '', 'other@example.org']) {
      const refused = await api('DELETE', API_PATHS.privacy, { email: person, confirm_email: confirm });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.confirm_email).toEqual([PRIVACY_LABELS.confirmMismatch]);
    }
    expect(
      (await api('DELETE', API_PATHS.privacy, { email: 'nope', confirm_email: 'nope' })).statusCode,
    ).toBe(422);
  });

  it('says how much is held, whatever the case of the address', async () => {
    const answer = await api(
      'GET',
      `${API_PATHS.privacy}?${query(PERSON.toUpperCase())}`,
      undefined,
      exporter,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ data: PrivacySummary }>().data).toEqual({
      email: person,
      messages: 2,
      replies: 1,
      subscription: true,
      audit_entries: 3,
      is_user: false,
    });
  });

  it('exports everything held as JSON: messages with their replies, the subscription and consent, the audit entries naming it; audited', async () => {
    const answer = await api(
      'GET',
      `${API_PATHS.privacyExport}?${query(PERSON)}&format=json`,
      undefined,
      exporter,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = answer.json<PersonData>();
    expect(data.email).toBe(person);
    expect(data.contact_messages.map((message) => message.id)).toEqual(messageIds);
    expect(data.contact_messages[0]).toMatchObject({
      name: 'Ann Person',
      subject: 'Pump price',
      phone_number: '+44 1234 5678',
      replies: [expect.objectContaining({ body: 'Dear Ann, the price is 120 EUR.', to_email: PERSON })],
    });
    expect(data.subscription).toMatchObject({ email: person, state: 'pending', source: 'footer' });
    expect(data.subscription?.consent_wording).toBeTruthy();
    expect(data.audit_entries.map((entry) => entry.summary)).toEqual([
      'A failed sign-in',
      `Subscriber ${person} imported`,
      'Imported',
    ]);
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.kind, 'privacy.exported'));
    expect(entry.summary).toBe(
      `Data held on ${person} exported as JSON: 2 messages, 1 subscription, 3 audit entries`,
    );
    expect(entry.resource).toBe('privacy');
  });

  it('exports the same as CSV through the CSV writer: one line per field (record, id, field, value)', async () => {
    const answer = await api(
      'GET',
      `${API_PATHS.privacyExport}?${query(person)}&format=csv`,
      undefined,
      exporter,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(answer.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['Record', 'Id', 'Field', 'Value']);
    expect(rows).toContainEqual({
      Record: 'contact message',
      Id: String(messageIds[0]),
      Field: 'subject',
      Value: 'Pump price',
    });
    expect(rows).toContainEqual(
      expect.objectContaining({ Record: 'reply', Field: 'body', Value: 'Dear Ann, the price is 120 EUR.' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ Record: 'subscription', Field: 'email', Value: person }),
    );
    // The three entries, and the JSON export's own (it names the address).
    expect(rows.filter((row) => row.Record === 'audit entry' && row.Field === 'summary')).toHaveLength(4);
    // A phone number starting with + is kept from being read as a formula.
    expect(rows).toContainEqual(expect.objectContaining({ Field: 'phone_number', Value: "'+44 1234 5678" }));
  });

  it("refuses to erase a staff user's address (409): their audit trail stays", async () => {
    const refused = await api('DELETE', API_PATHS.privacy, {
      email: TEST_ADMIN.email.toUpperCase(),
      confirm_email: TEST_ADMIN.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PRIVACY_LABELS.userAddress);
  });

  it('keeps the audit log append-only outside an erasure: its trigger refuses any other update', async () => {
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.summary, 'A failed sign-in'));
    await expect(
      t.app.db
        .update(auditLogs)
        .set({ summary: ERASED_AUDIT_SUMMARY, details: {} })
        .where(eq(auditLogs.id, entry.id)),
    ).rejects.toThrow();
    // Even while erasing, only the redaction itself passes.
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('audit_logs.erasing', 'on', true)`);
        await tx.update(auditLogs).set({ summary: 'Something else' }).where(eq(auditLogs.id, entry.id));
      }),
    ).rejects.toThrow();
  });

  it('erases after the confirmation: messages and replies anonymised, their history dropped, the subscription deleted, the audit entries reduced; audited without the address', async () => {
    const answer = await api('DELETE', API_PATHS.privacy, { email: PERSON, confirm_email: ` ${person} ` });
    expect(answer.statusCode).toBe(200);
    // The three entries, and the two exports' own.
    expect(answer.json().data).toEqual({ messages: 2, replies: 1, subscriptions: 1, audit: 5 });

    const messages = await t.app.db.select().from(contactForms).where(inArray(contactForms.id, messageIds));
    for (const message of messages)
      expect(message).toMatchObject({
        name: ERASED_TEXT,
        email: ERASED_TEXT,
        phone_number: null,
        subject: ERASED_TEXT,
        message: ERASED_TEXT,
        note: null,
      });
    const [reply] = await t.app.db
      .select()
      .from(contactReplies)
      .where(eq(contactReplies.contact_form_id, messageIds[0]));
    expect(reply).toMatchObject({ to_email: ERASED_TEXT, body: ERASED_TEXT, subject: ERASED_TEXT });
    // Not left queued for a mail that can no longer go (its job ends on finding the address erased).
    expect(reply.state).not.toBe('queued');
    expect(
      await t.app.db
        .select()
        .from(revisions)
        .where(and(eq(revisions.resource, 'contact-forms'), inArray(revisions.record_id, messageIds))),
    ).toEqual([]);
    expect(await t.app.db.select().from(subscribes).where(eq(subscribes.email, person))).toEqual([]);

    // The entries naming it keep their time and kind; the failed sign-in's actor address went too.
    const redacted = await t.app.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.summary, ERASED_AUDIT_SUMMARY));
    expect(redacted).toHaveLength(5);
    for (const entry of redacted) expect(entry.details).toEqual({});
    expect(redacted.find((entry) => entry.kind === 'export')?.actor_email).toBeNull();
    const exported = redacted.find((entry) => entry.kind === 'privacy.exported');
    expect(exported?.actor_name).not.toBeNull();
    // The one naming a longer address stays, and so does the other sender's message.
    expect(
      await t.app.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.summary, `Subscriber x${person}.uk imported`)),
    ).toHaveLength(1);
    const [other] = await t.app.db.select().from(contactForms).where(eq(contactForms.id, otherId));
    expect(other.email).toBe('joann.person@example.org.uk');

    const [erased] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.kind, 'privacy.erased'));
    expect(erased.summary).toBe(
      "A person's data erased: 2 messages, 1 replies, 1 subscription, 5 audit entries",
    );
    expect(JSON.stringify(erased).toLowerCase()).not.toContain(person);

    const after = (await api('GET', `${API_PATHS.privacy}?${query(person)}`)).json<{ data: PrivacySummary }>()
      .data;
    expect(after).toMatchObject({ messages: 0, replies: 0, subscription: false, audit_entries: 0 });
  });

  it('purges contact messages older than INBOX_RETENTION_DAYS (with their replies and history), audited; 0 keeps them', async () => {
    const old = await receive('old@example.org', 'An old question');
    const recent = await receive('new@example.org', 'A recent question');
    await t.app.db
      .update(contactForms)
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(contactForms.id, old));
    expect(await runInboxPurge(t.app, 0)).toBe(0);
    expect(await runInboxPurge(t.app, 30)).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(inArray(contactForms.id, [old, recent]));
    expect(left.map((row) => row.id)).toEqual([recent]);
    const [entry] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.kind, 'contact.purged'));
    expect(entry.summary).toMatch(/^\d+ contact messages older than 30 days purged$/);
  });
});
