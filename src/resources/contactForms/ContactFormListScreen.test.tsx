import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from '../../../test/inboxFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { listOf, optionsOf } from '../../../test/settingFixtures';
import { ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ContactFormListScreen } from './ContactFormListScreen';

const rows = [
  message(),
  message({ id: 8, subject: 'Price list', state: 'replied', product: null, source: 'contact-page' }),
];

describe('ContactFormListScreen', () => {
  beforeEach(() => localStorage.clear());

  it('lists messages with sender, source, product and state, and has no Add New', async () => {
    fakeNetwork({
      'GET /api/contact-forms': { body: listOf(rows) },
      'GET /api/products/options': { body: optionsOf([{ id: 3, name: 'Pump X' }]) },
    });
    renderWithProviders(<ContactFormListScreen />, { path: ROUTES.contactForms });
    expect(await screen.findByRole('link', { name: 'Do you ship abroad?' })).toHaveAttribute(
      'href',
      `${ROUTES.contactForms}/7`,
    );
    expect(screen.getAllByText('Ada Lovelace <ada@example.org>')).toHaveLength(2);
    expect(screen.getByText('Product Page')).toBeInTheDocument();
    expect(screen.getByText('Pump X')).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('Replied')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
  });

  it('keeps the source filter under filter:sources', async () => {
    fakeNetwork({
      'GET /api/contact-forms': { body: listOf(rows) },
      'GET /api/products/options': { body: optionsOf([{ id: 3, name: 'Pump X' }]) },
    });
    renderWithProviders(<ContactFormListScreen />, { path: ROUTES.contactForms });
    await screen.findByRole('link', { name: 'Do you ship abroad?' });
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: 'Source' }));
    await actor.click(within(screen.getByRole('listbox')).getByText('Promotion Page'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterSources) ?? '{}')).toEqual({
      contactForms: ['promotion-page'],
    });
  });

  it('marks the selected rows as read in one request', async () => {
    const network = fakeNetwork({
      'GET /api/contact-forms': { body: listOf(rows) },
      'GET /api/products/options': { body: optionsOf([]) },
      'PUT /api/contact-forms/state': { body: { data: { count: 2 }, message: 'ok' } },
    });
    renderWithProviders(<ContactFormListScreen />, { path: ROUTES.contactForms });
    await screen.findByRole('link', { name: 'Do you ship abroad?' });
    const actor = userEvent.setup({ delay: null });
    for (const box of screen.getAllByRole('checkbox', { name: 'Select row' })) await actor.click(box);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Mark as Read' }));
    await waitFor(() => expect(network.requestsTo('/api/contact-forms/state')).toHaveLength(1));
    expect(network.requestsTo('/api/contact-forms/state')[0].body).toEqual({ ids: [7, 8], state: 'read' });
    await waitFor(() => expect(screen.queryByText('2 selected')).not.toBeInTheDocument());
  });
});
