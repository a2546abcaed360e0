/**
 * The contact form's script, in the visitor's browser (bundled by the site's server with esbuild):
 * it sends the form straight to the public API with the typed client, so the per-address limits of
 * the contact endpoint count each visitor, not the site's server. `started_at` is the moment the
 * form was shown; the honeypot `website` is sent as the visitor left it (empty).
 */
import createClient from 'openapi-fetch';
import type { ContactBody } from './api';
import type { paths } from './api-types';

const form = document.getElementById('contact') as HTMLFormElement;
const status = document.getElementById('contact-status') as HTMLElement;
const startedAt = Date.now();
const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
field('started_at').value = String(startedAt);
field('product').value = new URLSearchParams(location.search).get('product') ?? '';
const api = createClient<paths>({ baseUrl: form.dataset.api });

form.addEventListener('submit', async (submit) => {
  submit.preventDefault();
  const value = (name: string) => field(name).value.trim();
  const product = value('product');
  const body: ContactBody = {
    name: value('name'),
    email: value('email'),
    phone_number: value('phone_number') || null,
    subject: value('subject'),
    message: value('message'),
    source: product ? 'product-page' : 'contact-page',
    product: product || null,
    website: field('website').value,
    started_at: startedAt,
  };
  status.textContent = 'Sending…';
  const { data, error } = await api.POST('/public/v1/contact-forms', { body });
  if (data) {
    form.reset();
    status.textContent = 'Thank you, your message was sent.';
    return;
  }
  const errors = error && 'errors' in error ? Object.entries(error.errors ?? {}) : [];
  status.textContent = errors.length
    ? errors.map(([name, messages]) => `${name}: ${messages.join(', ')}`).join(' · ')
    : (error?.message ?? 'The message could not be sent.');
});
