import { and, eq } from 'drizzle-orm';
import { CONTACT_LABELS, type ContactForm } from '../../src/shared/resources/contactForms';
import { INBOX_SETTINGS_LABELS, type InboxSettings } from '../../src/shared/resources/inboxSources';
import { PERMISSIONS } from '../../src/shared/permissions';
import { can } from '../../src/shared/resources/resource';
import { contactFormsResource } from '../../src/shared/resources/contactForms';
import type { Dashboard } from '../../src/shared/contracts/dashboard';
import { API_PATHS, assigneePath, notSpamPath, PUBLIC_API } from '../../src/shared/routes';
import { auditLogs, contactForms, users } from '../db/schema';
import { loadConfig } from '../config';
import { dueAfter } from '../inbox/serviceLevel';
import { setClock } from '../lib/clock';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';

const limits = loadConfig({}).rateLimit;
const UPDATE = can(contactFormsResource, 'update');

describe('working days (dueAfter)', () => {
  it('counts Monday to Friday in UTC, keeping the time of day', () => {
    // Wednesday → Thursday; Friday → Monday; Saturday and Sunday → Monday.
    expect(dueAfter(new Date('2026-12-02T10:30:00Z'), 1).toISOString()).toBe('2026-12-03T10:30:00.000Z');
    expect(dueAfter(new Date('2026-12-04T15:00:00Z'), 1).toISOString()).toBe('2026-12-07T15:00:00.000Z');
    expect(dueAfter(new Date('2026-12-05T10:00:00Z'), 1).toISOString()).toBe('2026-12-07T10:00:00.000Z');
    expect(dueAfter(new Date('2026-12-06T23:00:00Z'), 1).toISOString()).toBe('2026-12-07T23:00:00.000Z');
    // Five working days are a week; three from Thursday are Tuesday.
    expect(dueAfter(new Date('2026-12-02T09:00:00Z'), 5).toISOString()).toBe('2026-12-09T09:00:00.000Z');
    expect(dueAfter(new Date('2026-12-03T09:00:00Z'), 3).toISOString()).toBe('2026-12-08T09:00:00.000Z');
  });
});

describe('inbox ownership: assignment, due times, filters, dashboard counts', () => {
  let t: TestApp;
  let admin: string;
  /** May read and update the inbox. */
  let staff: { token: string; userId: number; email: string };
  /** May read the inbox only. */
  let reader: { token: string; userId: number; email: string };
  /** May not read the inbox. */
  let outsider: { token: string; userId: number; email: string };

  const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const show = async (id: number) =>
    (await api('GET', `/api/contact-forms/${id}`)).json<{ data: ContactForm }>().data;

  async function receive(fields: Record<string, unknown> = {}): Promise<ContactForm> {
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
      },
    });
    expect(sent.statusCode).toBe(202);
    const [row] = await t.app.db
      .select({ id: contactForms.id })
      .from(contactForms)
      .where(eq(contactForms.subject, subject));
    return show(row.id);
  }

  async function setServiceLevels(levels: Partial<Record<string, number | null>>) {
    const current = (await api('GET', API_PATHS.inboxSettings)).json<{ data: InboxSettings }>().data;
    return api('PUT', API_PATHS.inboxSettings, {
      sources: current.sources.map((row) => ({
        source: row.source,
        acknowledgement_template_id: row.acknowledgement_template?.id ?? null,
        service_level_days: row.source in levels ? levels[row.source] : row.service_level_days,
      })),
      updated_at: current.updated_at,
    });
  }

  const assign = (item: ContactForm, assigneeId: unknown, token = admin) =>
    api('PUT', assigneePath(item.id), { assignee_id: assigneeId, updated_at: item.updated_at }, token);

  const listIds = async (query: string, token = admin) => {
    const answer = await api('GET', `/api/contact-forms?${query}`, undefined, token);
    expect(answer.statusCode).toBe(200);
    return answer.json<{ data: ContactForm[] }>().data.map((item) => item.id);
  };

  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: { ...limits, publicContactPerIp: { max: 1000, windowMs: 60_000 } },
    });
    admin = await adminToken(t.app);
    staff = await signInWith(t.app, admin, [PERMISSIONS.contactFormsIndex, UPDATE]);
    reader = await signInWith(t.app, admin, [PERMISSIONS.contactFormsIndex]);
    outsider = await signInWith(t.app, admin, [PERMISSIONS.newsIndex]);
  });
  afterAll(() => t.close());
  afterEach(() => setClock(null));

  it('keeps a service level per source in Setting › Inbox, refusing anything but 1–60 whole days', async () => {
    for (const bad of [0, 61, 1.5, 'soon'] as unknown as number[]) {
      const refused = await setServiceLevels({ 'contact-page': bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['sources[0].service_level_days']).toEqual([
        INBOX_SETTINGS_LABELS.serviceLevelInvalid,
      ]);
    }
    const saved = await setServiceLevels({ 'contact-page': 1, 'product-page': 3 });
    expect(saved.statusCode).toBe(200);
    const { sources } = saved.json<{ data: InboxSettings }>().data;
    expect(sources.map((row) => [row.source, row.service_level_days])).toEqual([
      ['contact-page', 1],
      ['product-page', 3],
      ['promotion-page', null],
      ['footer', null],
    ]);
  });

  it("gives an arriving message its source's due time; none to Spam or a source without a level", async () => {
    const before = new Date();
    const item = await receive();
    const after = new Date();
    expect(item.due_at).not.toBeNull();
    const due = Date.parse(item.due_at!);
    expect(due).toBeGreaterThanOrEqual(dueAfter(before, 1).getTime());
    expect(due).toBeLessThanOrEqual(dueAfter(after, 1).getTime());
    expect((await receive({ source: 'footer' })).due_at).toBeNull();
    const spam = await receive({ website: 'http://bot' });
    expect(spam).toMatchObject({ state: 'spam', due_at: null });
    // "Not spam": its service level runs from its arrival.
    const back = (await api('POST', notSpamPath(spam.id))).json<{ data: ContactForm }>().data;
    expect(back.due_at).toBe(dueAfter(new Date(back.created_at), 1).toISOString());
  });

  it('lists whom a message may be assigned to: active users who may read the inbox (holders of the update key ask)', async () => {
    const answer = await api('GET', API_PATHS.contactFormsAssignees);
    expect(answer.statusCode).toBe(200);
    const ids = answer.json<{ data: { id: number; name: string }[] }>().data.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([staff.userId, reader.userId]));
    expect(ids).not.toContain(outsider.userId);
    expect((await api('GET', API_PATHS.contactFormsAssignees, undefined, reader.token)).statusCode).toBe(403);
  });

  it('assigns a message to a user who may read the inbox: shown, audited, and they are mailed a link', async () => {
    const item = await receive();
    const answer = await assign(item, reader.userId);
    expect(answer.statusCode).toBe(200);
    const { data, message } = answer.json<{ data: ContactForm; message: string }>();
    const [readerRow] = await t.app.db.select().from(users).where(eq(users.id, reader.userId));
    expect(message).toBe(CONTACT_LABELS.assigned.replace('{name}', readerRow.name));
    expect(data.assignee).toEqual({ id: reader.userId, name: readerRow.name });
    expect(data.assigned_at).not.toBeNull();
    expect((await show(item.id)).assignee?.id).toBe(reader.userId);

    const mails = (await t.mails()).filter((mail) => mail.to === reader.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Assigned to you: ${item.subject}`);
    expect(mails[0].text).toContain(`${TEST_PUBLIC_URL}/inbox/contact-form/${item.id}`);

    const entries = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.kind, 'contact.assigned'), eq(auditLogs.record_id, item.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0].summary).toBe(`Message #${item.id} assigned to ${readerRow.name}`);

    // The same assignee again changes nothing and mails nobody.
    const again = await assign(data, reader.userId);
    expect(again.statusCode).toBe(200);
    expect((await t.mails()).filter((mail) => mail.to === reader.email)).toHaveLength(1);

    // Unassigned: nobody; audited.
    const freed = await assign(again.json<{ data: ContactForm }>().data, null);
    expect(freed.json<{ data: ContactForm }>().data.assignee).toBeNull();
    expect(freed.json().message).toBe(CONTACT_LABELS.unassignedDone);
  });

  it('does not mail whoever assigns a message to themselves', async () => {
    const item = await receive();
    const sent = (await t.mails()).length;
    expect((await assign(item, staff.userId, staff.token)).statusCode).toBe(200);
    expect(await t.mails()).toHaveLength(sent);
  });

  it('refuses an assignee who may not read the inbox, is not active, or does not exist (422), and nobody is mailed', async () => {
    const item = await receive();
    const sent = (await t.mails()).length;
    const inactive = await signInWith(t.app, admin, [PERMISSIONS.contactFormsIndex]);
    await t.app.db.update(users).set({ status: 0 }).where(eq(users.id, inactive.userId));
    for (const who of [
      outsider.userId,
      inactive.userId,
      999_999,
      'someone',
      0,
      -3,
      2 ** 31,
      1.5,
      undefined,
    ]) {
      const refused = await assign(item, who);
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['assignee_id']);
    }
    expect(await t.mails()).toHaveLength(sent);
    expect((await show(item.id)).assignee).toBeNull();
  });

  it('refuses an assignment without the update permission (403), of a stale version (409), of no message (404)', async () => {
    const item = await receive();
    expect((await assign(item, reader.userId, reader.token)).statusCode).toBe(403);
    expect((await assign(item, reader.userId, outsider.token)).statusCode).toBe(403);
    const stale = await api('PUT', assigneePath(item.id), {
      assignee_id: reader.userId,
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await api('PUT', assigneePath(999_999), { assignee_id: reader.userId, updated_at: item.updated_at }))
        .statusCode,
    ).toBe(404);
    expect((await show(item.id)).assignee).toBeNull();
  });

  it('filters Mine (the caller’s), Unassigned, both, and Overdue; sorts by due time', async () => {
    const mine = await receive();
    const theirs = await receive();
    const nobodys = await receive();
    await assign(mine, staff.userId);
    await assign(theirs, reader.userId);
    const ids = [mine.id, theirs.id, nobodys.id];
    const within = (found: number[]) => found.filter((id) => ids.includes(id));

    expect(within(await listIds('assignee=mine&per_page=100', staff.token))).toEqual([mine.id]);
    expect(within(await listIds('assignee=mine&per_page=100', reader.token))).toEqual([theirs.id]);
    expect(within(await listIds('assignee=unassigned&per_page=100', staff.token))).toEqual([nobodys.id]);
    expect(within(await listIds('assignee=mine,unassigned&per_page=100', staff.token))).toEqual([
      nobodys.id,
      mine.id,
    ]);
    expect((await api('GET', '/api/contact-forms?assignee=everyone')).statusCode).toBe(422);
    expect((await api('GET', '/api/contact-forms?overdue=maybe')).statusCode).toBe(422);

    // Nothing is overdue yet; two working days on, all three are (New or Read) — unless replied.
    expect(within(await listIds('overdue=1&per_page=100'))).toEqual([]);
    await api('PUT', API_PATHS.contactFormsState, { ids: [theirs.id], state: 'replied' });
    setClock(() => dueAfter(new Date(), 2).getTime());
    expect(within(await listIds('overdue=1&per_page=100'))).toEqual([nobodys.id, mine.id]);
    expect(within(await listIds('overdue=0&per_page=100'))).toEqual([theirs.id]);
    expect(within(await listIds('overdue=1&assignee=mine&per_page=100', staff.token))).toEqual([mine.id]);
    expect(within(await listIds('sort=due_at&order=asc&per_page=100'))).toEqual(ids);
  });

  it("counts the inbox on the dashboard: New, overdue, the caller's open ones; none without the inbox", async () => {
    const dashboard = async (token: string) =>
      (await api('GET', API_PATHS.dashboard, undefined, token)).json<{ data: Dashboard }>().data;
    const first = (await dashboard(staff.token)).inbox!;
    const item = await receive();
    await assign(item, staff.userId);
    const next = (await dashboard(staff.token)).inbox!;
    expect(next.new).toBe(first.new + 1);
    expect(next.mine).toBe(first.mine + 1);
    setClock(() => dueAfter(new Date(), 2).getTime());
    expect((await dashboard(staff.token)).inbox!.overdue).toBeGreaterThanOrEqual(next.overdue + 1);
    setClock(null);
    expect((await dashboard(outsider.token)).inbox).toBeNull();
  });

  it('moves a Spam message out of Spam only through Not Spam: the generic update refuses (409), the bulk one leaves it', async () => {
    const spam = await receive({ website: 'http://bot' });
    const moved = await api('PUT', `/api/contact-forms/${spam.id}`, {
      state: 'new',
      note: null,
      updated_at: spam.updated_at,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(CONTACT_LABELS.spamLeavesByNotSpam);
    expect((await show(spam.id)).state).toBe('spam');
    // Its note may still be kept, Spam as it is.
    const noted = await api('PUT', `/api/contact-forms/${spam.id}`, {
      state: 'spam',
      note: 'A bot',
      updated_at: spam.updated_at,
    });
    expect(noted.statusCode).toBe(200);
    const bulk = await api('PUT', API_PATHS.contactFormsState, { ids: [spam.id], state: 'read' });
    expect(bulk.json().data.count).toBe(0);
    expect((await show(spam.id)).state).toBe('spam');
    const entries = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.kind, 'contact.not-spam'), eq(auditLogs.record_id, spam.id)));
    expect(entries).toEqual([]);
    // Not Spam is the way out, audited.
    expect((await api('POST', notSpamPath(spam.id))).statusCode).toBe(200);
    expect((await show(spam.id)).state).toBe('new');
  });
});
