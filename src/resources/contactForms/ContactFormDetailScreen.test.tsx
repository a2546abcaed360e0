import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from '../../../test/inboxFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { testUser } from '../../../test/accountFixtures';
import { itemPath, ROUTES } from '../../shared/routes';
import { ContactFormDetailScreen } from './ContactFormDetailScreen';
import { replyLink } from './ContactFormDetailScreen';

const path = itemPath(ROUTES.contactForms, ':id');
const route = itemPath(ROUTES.contactForms, 7);

describe('ContactFormDetailScreen', () => {
  it('shows the message in full and marks a New one Read on opening', async () => {
    let current = message();
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
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

  it('marks it replied, keeps a note, and offers a reply by e-mail with the subject', async () => {
    let current = message({ state: 'read' });
    const network = fakeNetwork({
      'GET /api/contact-forms/7': () => ({ body: { data: current } }),
      'PUT /api/contact-forms/7': (request) => {
        current = { ...current, ...(request.body as object), updated_at: new Date().toISOString() };
        return { body: { data: current, message: 'ok' } };
      },
    });
    renderWithProviders(<ContactFormDetailScreen />, { path, route });
    const actor = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { name: 'Do you ship abroad?' });
    expect(screen.getByRole('link', { name: 'Reply by E-mail' })).toHaveAttribute(
      'href',
      'mailto:ada@example.org?subject=Re%3A%20Do%20you%20ship%20abroad%3F',
    );
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
    const network = fakeNetwork({ 'GET /api/contact-forms/7': { body: { data: message() } } });
    renderWithProviders(<ContactFormDetailScreen />, {
      path,
      route,
      auth: { user: { ...testUser, permissions: ['contact-forms.index'] } },
    });
    await screen.findByRole('heading', { name: 'Do you ship abroad?' });
    expect(screen.queryByRole('button', { name: 'Mark as Spam' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Internal Note' })).toBeDisabled();
    expect(network.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('builds a mailto link whose subject cannot inject headers', () => {
    expect(replyLink({ email: 'a@b.test', subject: 'Hi\r\nBcc: x@y.test' })).toBe(
      'mailto:a@b.test?subject=Re%3A%20Hi%0D%0ABcc%3A%20x%40y.test',
    );
  });
});
