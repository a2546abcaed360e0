import type { ContactForm } from '../src/shared/resources/contactForms';
import type { Subscriber } from '../src/shared/resources/subscribes';

/** A message as the API answers it. */
export const message = (fields: Partial<ContactForm> = {}): ContactForm => ({
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phone_number: '+44 20 7946 0000',
  subject: 'Do you ship abroad?',
  message: 'I would like two pumps.\nDelivered to London.',
  source: 'product-page',
  product: { id: 3, name: 'Pump X', slug: 'pump-x' },
  state: 'new',
  note: null,
  spam_reasons: [],
  assignee: null,
  assigned_at: null,
  due_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  created_by: null,
  updated_by: null,
  ...fields,
});

export const subscriber = (fields: Partial<Subscriber> = {}): Subscriber => ({
  id: 11,
  email: 'reader@example.org',
  source: 'footer',
  state: 'subscribed',
  unsubscribed_at: null,
  unsubscribe_token: 'x'.repeat(43),
  confirmed_at: '2026-11-21T10:05:00.000Z',
  consent_ip: '203.0.113.7',
  consent_wording: 'newsletter-v1',
  consent_note: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  created_by: null,
  updated_by: null,
  ...fields,
});
