import { eq } from 'drizzle-orm';
import { API_PATHS, PUBLIC_API } from '../../src/shared/routes';
import { contactForms } from '../db/schema';
import { loadConfig } from '../config';
import { createProduct, createTaxon } from './catalogFixtures';
import { signInWith } from './fixtures';
import { adminToken, authHeader, buildTestApp, type TestApp } from './helper';
import { csvRows } from './sheets';

type Message = {
  id: number;
  subject: string;
  state: string;
  source: string;
  updated_at: string;
  product: { id: number } | null;
  note: string | null;
  created_by: unknown;
};

const limits = loadConfig({}).rateLimit;

describe('the inbox for staff (/api/contact-forms, /api/subscribes)', () => {
  let t: TestApp;
  let admin: string;
  let productId: number;
  const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, payload, headers: authHeader(token) });
  const send = (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: PUBLIC_API.contactForms,
      payload: {
        name: 'Grace Hopper',
        email: 'grace@example.org',
        subject: 'A question',
        message: 'Hello there',
        source: 'contact-page',
        started_at: Date.now() - 60_000,
        ...fields,
      },
    });
  const list = async (query = '') =>
    (await api('GET', `/api/contact-forms?per_page=100${query}`)).json<{
      data: Message[];
      meta: { total: number };
    }>();

  beforeAll(async () => {
    t = await buildTestApp({
      rateLimit: {
        ...limits,
        publicContactPerIp: { max: 1000, windowMs: 60_000 },
        publicSubscribePerIp: { max: 1000, windowMs: 60_000 },
      },
    });
    admin = await adminToken(t.app);
    const brand = await createTaxon(t, admin, '/api/brands', { name: 'Acme' });
    const category = await createTaxon(t, admin, '/api/categories', { name: 'Pumps' });
    productId = (
      await createProduct(t, admin, { name: 'Pump', brand_id: brand.id, category_id: category.id })
    ).id;
    await send({ subject: 'About the pump', source: 'product-page', product: String(productId) });
    await send({
      subject: 'Promotion question',
      source: 'promotion-page',
      message: 'Is the discount still on?',
    });
    await send({ subject: 'Bot', website: 'spam' });
    for (const email of ['one@example.org', 'two@example.org'])
      await t.app.inject({
        method: 'POST',
        url: PUBLIC_API.subscribes,
        payload: { email, source: 'footer' },
      });
  });
  afterAll(() => t.close());

  it('lists messages with their state, filtered by state, source, product, search and date', async () => {
    const all = await list('&states=new,read,replied,spam');
    expect(all.meta.total).toBe(3);
    expect(all.data.map((m) => m.state).sort()).toEqual(['new', 'new', 'spam']);
    expect((await list('&states=spam')).data.map((m) => m.subject)).toEqual(['Bot']);
    expect((await list('&sources=promotion-page')).data.map((m) => m.subject)).toEqual([
      'Promotion question',
    ]);
    const byProduct = (await list(`&product_ids=${productId}`)).data;
    expect(byProduct.map((m) => [m.subject, m.product?.id])).toEqual([['About the pump', productId]]);
    expect((await list('&search=discount')).data.map((m) => m.subject)).toEqual(['Promotion question']);
    expect((await list('&date_from=2000-01-01&date_to=2000-01-02')).meta.total).toBe(0);
    expect((await api('GET', '/api/contact-forms?states=unknown')).statusCode).toBe(422);
    expect((await api('GET', '/api/contact-forms?sources=elsewhere')).statusCode).toBe(422);
    expect(all.data.every((m) => m.created_by === null)).toBe(true);
  });

  it('leaves Spam out of the default view; a state filter brings it back (issue #41)', async () => {
    const inbox = await list();
    expect(inbox.meta.total).toBe(2);
    expect(inbox.data.map((m) => m.subject).sort()).toEqual(['About the pump', 'Promotion question']);
    expect((await list('&states=new,spam')).data.map((m) => m.state).sort()).toEqual(['new', 'new', 'spam']);
    // The export of the default view is what the list shows.
    const exported = await api('GET', '/api/contact-forms/export?format=csv');
    expect(
      csvRows(exported.body)
        .slice(1)
        .map((row) => row[3])
        .sort(),
    ).toEqual(['About the pump', 'Promotion question']);
  });

  it('counts New messages for the menu', async () => {
    const response = await api('GET', API_PATHS.contactFormsCount);
    expect(response.json()).toEqual({ data: { new: 2 } });
  });

  it('changes the state and note only; a stale version is a 409; the message itself is never edited', async () => {
    const [message] = (await list('&sources=promotion-page')).data;
    const response = await api('PUT', `/api/contact-forms/${message.id}`, {
      state: 'replied',
      note: 'Answered by phone',
      subject: 'Changed?',
      message: 'Changed?',
      updated_at: message.updated_at,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      state: 'replied',
      note: 'Answered by phone',
      subject: 'Promotion question',
    });
    const [row] = await t.app.db.select().from(contactForms).where(eq(contactForms.id, message.id));
    expect(row.message).toBe('Is the discount still on?');
    const stale = await api('PUT', `/api/contact-forms/${message.id}`, {
      state: 'read',
      updated_at: message.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await api('PUT', `/api/contact-forms/${message.id}`, {
      state: 'archived',
      updated_at: response.json().data.updated_at,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['state']);
    expect((await api('POST', '/api/contact-forms', { subject: 'x' })).statusCode).toBe(405);
  });

  it('marks several as read at once (update permission) and refuses without it', async () => {
    const ids = (await list('&states=new')).data.map((m) => m.id);
    const reader = await signInWith(t.app, admin, ['contact-forms.index']);
    expect(
      (await api('PUT', API_PATHS.contactFormsState, { ids, state: 'read' }, reader.token)).statusCode,
    ).toBe(403);
    expect((await api('PUT', API_PATHS.contactFormsState, { ids: [], state: 'read' })).statusCode).toBe(422);
    const response = await api('PUT', API_PATHS.contactFormsState, { ids: [...ids, 999999], state: 'read' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ count: ids.length });
    expect((await list('&states=new')).meta.total).toBe(0);
    expect((await api('GET', API_PATHS.contactFormsCount)).json()).toEqual({ data: { new: 0 } });
  });

  it('exports the filtered set as CSV', async () => {
    const response = await api('GET', '/api/contact-forms/export?format=csv&sources=product-page');
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Name',
      'Email',
      'Phone Number',
      'Subject',
      'Message',
      'Source',
      'Product',
      'State',
      'Internal Note',
      'Received',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(3, 8)).toEqual(['About the pump', 'Hello there', 'Product Page', 'pump', 'Read']);
  });

  it('deletes one, and several at once (destroy permission)', async () => {
    const [spam] = (await list('&states=spam')).data;
    const reader = await signInWith(t.app, admin, ['contact-forms.index', 'contact-forms.update']);
    expect(
      (await api('POST', '/api/contact-forms/bulk-delete', { ids: [spam.id] }, reader.token)).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/api/contact-forms/${spam.id}`)).statusCode).toBe(200);
    const rest = (await list()).data.map((m) => m.id);
    const response = await api('POST', '/api/contact-forms/bulk-delete', { ids: [...rest, spam.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ count: rest.length });
    expect((await list()).meta.total).toBe(0);
    expect((await api('POST', '/api/contact-forms/bulk-delete', { ids: ['1'] })).statusCode).toBe(422);
  });

  it('lists, filters, exports and deletes subscribers; no create or update', async () => {
    // Website sign-ups are Pending until confirmed (subscribe-opt-in.test.ts).
    expect((await api('GET', '/api/subscribes?states=subscribed')).json().meta.total).toBe(0);
    const response = await api('GET', '/api/subscribes?states=pending');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { id: number; email: string; state: string }[] }>();
    expect(data.map((s) => s.email).sort()).toEqual(['one@example.org', 'two@example.org']);
    expect((await api('GET', '/api/subscribes?search=two')).json().data).toHaveLength(1);
    const exported = await api('GET', '/api/subscribes/export?format=csv');
    const [header, ...rows] = csvRows(exported.body);
    expect(header.slice(0, 3)).toEqual(['Email', 'Source', 'State']);
    expect(rows).toHaveLength(2);
    expect((await api('POST', '/api/subscribes', { email: 'x@example.org' })).statusCode).toBe(405);
    expect((await api('PUT', `/api/subscribes/${data[0].id}`, {})).statusCode).toBe(405);
    expect((await api('DELETE', `/api/subscribes/${data[0].id}`)).statusCode).toBe(200);
    expect((await api('POST', '/api/subscribes/bulk-delete', { ids: [data[1].id] })).json().data).toEqual({
      count: 1,
    });
    expect((await api('GET', '/api/subscribes')).json().meta.total).toBe(0);
  });
});
