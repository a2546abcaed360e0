import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from '../../../test/inboxFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { testUser } from '../../../test/accountFixtures';
import { itemPath, ROUTES } from '../../shared/routes';
import { ContactFormDetailScreen } from './ContactFormDetailScreen';

const path = itemPath(ROUTES.contactForms, ':id');

const reply = {
  id: 1,
  kind: 'reply' as 'reply' | 'acknowledgement',
  to: 'ada@example.org',
  subject: 'Re: Do you ship abroad?',
  body: 'Yes, we do.',
  sender: { id: 2, name: 'Grace Admin' },
  sender_name: 'Grace Admin',
  state: 'sent' as 'queued' | 'sent' | 'failed',
  last_error: null,
  attempts: 0,
  sent_at: '2026-11-20T10:05:00.000Z' as string | null,
  created_at: '2026-11-20T10:04:00.000Z',
};
const route = itemPath(ROUTES.contactForms, 7);

describe('ContactFormDetailScreen', () => {
  it('shows the message in full and marks a New one Read on opening', async () => {
    let current = message();
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
      'PUT /api/contact-forms/7': (request) => {
        current = { ...current, ...(request.body as object), updated_at: '2026-11-20T11:00:00.000Z' };
        return { body: { data: current, message: 'Contact Form has been successfully updated' } };
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    expect(await screen.findByRole('heading', { name: 'Do you ship abroad?' })).toBeInTheDocument();
    expect(screen.getByText(/Delivered to London/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ada@example.org' })).toHaveAttribute(
      'href',
      'mailto:ada@example.org',
    );
    expect(screen.getByRole('link', { name: 'Pump X' })).toHaveAttribute('href', '/product/3');
    expect(screen.getByText('Product Page')).toBeInTheDocument();
    await waitFor(() =>
      expect(network.requestsTo('/api/contact-forms/7').filter((r) => r.method === 'PUT')).toHaveLength(1),
    );
    expect(network.requestsTo('/api/contact-forms/7').find((r) => r.method === 'PUT')?.body).toEqual({
      state: 'read',
      note: null,
      updated_at: '2026-11-20T10:00:00.000Z',
    });
    expect(await screen.findByText('Read')).toBeInTheDocument();
  });

  it('waits with an assignment until opening has marked the message Read, then sends the new version', async () => {
    let current = message();
    let markedRead: () => void = () => undefined;
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
      'GET /api/contact-forms/assignees': { body: { data: [{ id: 2, name: 'Grace Admin' }] } },
      'PUT /api/contact-forms/7': (request) =>
        new Promise((resolve) => {
          markedRead = () => {
            current = { ...current, ...(request.body as object), updated_at: '2026-11-20T11:00:00.000Z' };
            resolve({ body: { data: current, message: 'Contact Form has been successfully updated' } });
          };
        }),
      'PUT /api/contact-forms/7/assignee': () => ({
        body: { data: current, message: 'Assigned to Grace Admin.' },
      }),
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const assignTo = await screen.findByRole('combobox', { name: 'Assign to' });
    await waitFor(() =>
      expect(network.requestsTo('/api/contact-forms/7').some((r) => r.method === 'PUT')).toBe(true),
    );
    // While the Read mark is on its way, the version on screen is about to be outdated.
    expect(assignTo).toHaveAttribute('aria-disabled', 'true');
    markedRead();
    await screen.findByText('Read');
    await waitFor(() => expect(assignTo).not.toHaveAttribute('aria-disabled'));
    const actor = userEvent.setup({ delay: null });
    await actor.click(assignTo);
    await actor.click(await screen.findByRole('option', { name: 'Grace Admin' }));
    await waitFor(() => expect(network.requestsTo('/api/contact-forms/7/assignee')).toHaveLength(1));
    expect(network.requestsTo('/api/contact-forms/7/assignee')[0].body).toEqual({
      assignee_id: 2,
      updated_at: '2026-11-20T11:00:00.000Z',
    });
  });

  it('marks it replied and keeps a note', async () => {
    let current = message({ state: 'read' });
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
      'PUT /api/contact-forms/7': (request) => {
        current = { ...current, ...(request.body as object), updated_at: new Date().toISOString() };
        return { body: { data: current, message: 'ok' } };
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Do you ship abroad?' });
    await actor.click(screen.getByRole('button', { name: 'Mark as Replied' }));
    expect(await screen.findByText('Replied')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Replied' })).not.toBeInTheDocument();
    await actor.type(screen.getByRole('textbox', { name: 'Internal Note' }), 'Called her back');
    await actor.click(screen.getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(current.note).toBe('Called her back'));
    const puts = network.requestsTo('/api/contact-forms/7').filter((r) => r.method === 'PUT');
    expect(puts.map((r) => (r.body as { state: string }).state)).toEqual(['replied', 'replied']);
  });

  it('is read-only without contact-forms.update: no state change on opening, no buttons', async () => {
    const network = fakeNetwork({
      'GET /api/contact-forms/7': { body: { data: message() } },
      'GET /api/contact-forms/7/replies': { body: { data: [reply] } },
    });
    renderWithProviders(<ContactFormDetailScreen />, {
      path,
      route,
      auth: { user: { ...testUser, permissions: ['contact-forms.index'] } },
    });
    await screen.findByRole('heading', { name: 'Do you ship abroad?' });
    expect(screen.queryByRole('button', { name: 'Mark as Spam' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Internal Note' })).toBeDisabled();
    // The thread is shown; no reply can be written.
    expect(await screen.findByText('Yes, we do.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
    expect(network.requests.filter((r) => r.method === 'PUT' || r.method === 'POST')).toEqual([]);
  });

  it('sends a reply and shows it in the conversation with its sender and delivery; the message is Replied', async () => {
    let current = message({ state: 'read' });
    let replies: (typeof reply)[] = [];
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'GET /api/contact-forms/7/replies': () => ({ body: { data: replies } }),
      'POST /api/contact-forms/7/replies': (request) => {
        const sent = {
          ...reply,
          body: (request.body as { body: string }).body,
          state: 'queued' as const,
          sent_at: null,
        };
        replies = [sent];
        current = { ...current, state: 'replied', updated_at: '2026-11-20T12:00:00.000Z' };
        return { status: 201, body: { data: sent, message: 'Reply queued for sending' } };
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Conversation' });
    expect(await screen.findByText('No reply sent yet.')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply is required')).toBeInTheDocument();
    await actor.type(screen.getByRole('textbox', { name: 'Reply' }), 'We ship to the UK.');
    await actor.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect(await screen.findByText('Reply queued for sending')).toBeInTheDocument();
    expect(network.requestsTo('/api/contact-forms/7/replies').find((r) => r.method === 'POST')?.body).toEqual(
      { template_id: null, body: 'We ship to the UK.' },
    );
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(await within(thread).findByText('We ship to the UK.')).toBeInTheDocument();
    expect(within(thread).getByText('Queued')).toBeInTheDocument();
    expect(within(thread).getByText('Grace Admin')).toBeInTheDocument();
    expect(await screen.findByText('Replied')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('');
  });

  it("starts a reply from a template: the server's filled-in subject and text, sent with the template's id", async () => {
    const network = fakeNetwork({
      'GET /api/contact-forms/7': { body: { data: message({ state: 'read' }) } },
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
      'GET /api/reply-templates/options': {
        body: {
          data: [
            { id: 4, name: 'Shipping', status: 1 },
            { id: 5, name: 'Retired', status: 0 },
          ],
        },
      },
      'GET /api/contact-forms/7/replies/draft': {
        body: { data: { subject: 'Shipping to London, Ada', body: 'Dear Ada,\n\nwe ship to London.' } },
      },
      'POST /api/contact-forms/7/replies': {
        status: 201,
        body: { data: reply, message: 'Reply queued for sending' },
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    expect(await screen.findByText('Re: Do you ship abroad?')).toBeInTheDocument();
    await actor.click(await screen.findByRole('combobox', { name: 'Template' }));
    expect(screen.queryByRole('option', { name: 'Retired' })).not.toBeInTheDocument();
    await actor.click(screen.getByRole('option', { name: 'Shipping' }));
    expect(await screen.findByText('Shipping to London, Ada')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('Dear Ada,\n\nwe ship to London.');
    await actor.click(screen.getByRole('button', { name: 'Send Reply' }));
    await screen.findByText('Reply queued for sending');
    expect(network.requestsTo('/api/contact-forms/7/replies').find((r) => r.method === 'POST')?.body).toEqual(
      {
        template_id: 4,
        body: 'Dear Ada,\n\nwe ship to London.',
      },
    );
  });

  it('offers no reply to a message marked as Spam', async () => {
    fakeNetwork({
      'GET /api/contact-forms/7': { body: { data: message({ state: 'spam' }) } },
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    expect(await screen.findByText(/gets no reply/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Reply' })).not.toBeInTheDocument();
  });

  it('says why a Spam message was filed as spam, and "Not Spam" moves it back to New', async () => {
    let current = message({ state: 'spam', spam_reasons: ['honeypot', 'repeated'] });
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
      'POST /api/contact-forms/7/not-spam': () => {
        current = { ...current, state: 'new', updated_at: '2026-11-20T11:00:00.000Z' };
        return { body: { data: current, message: 'The message is back among the new ones.' } };
      },
      'PUT /api/contact-forms/7': (request) => {
        current = { ...current, ...(request.body as object), updated_at: '2026-11-20T12:00:00.000Z' };
        return { body: { data: current, message: 'ok' } };
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const note = await screen.findByRole('note');
    expect(within(note).getByText('Filed as spam because:')).toBeInTheDocument();
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['the hidden honeypot field was filled in', 'the same text was sent shortly before']);
    expect(screen.queryByRole('button', { name: 'Mark as Unread' })).not.toBeInTheDocument();
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: 'Not Spam' }));
    expect(await screen.findByText('The message is back among the new ones.')).toBeInTheDocument();
    expect(network.requestsTo('/api/contact-forms/7/not-spam')).toHaveLength(1);
    // The reasons stay, in the past tense; the button is gone.
    expect(await screen.findByText('Was filed as spam because:')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not Spam' })).not.toBeInTheDocument();
  });

  it('shows the reasons to a read-only user, without "Not Spam"', async () => {
    fakeNetwork({
      'GET /api/contact-forms/7': { body: { data: message({ state: 'spam', spam_reasons: ['too_fast'] }) } },
      'GET /api/contact-forms/7/replies': { body: { data: [] } },
    });
    renderWithProviders(<ContactFormDetailScreen />, {
      path,
      route,
      auth: { user: { ...testUser, permissions: ['contact-forms.index'] } },
    });
    expect(await screen.findByText(/sent too fast/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not Spam' })).not.toBeInTheDocument();
  });
});
