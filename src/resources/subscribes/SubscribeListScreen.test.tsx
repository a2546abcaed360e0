import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subscriber } from '../../../test/inboxFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { listOf } from '../../../test/settingFixtures';
import { ROUTES } from '../../shared/routes';
import { SubscribeListScreen } from './SubscribeListScreen';

describe('SubscribeListScreen', () => {
  it('lists subscribers only: no Add New, rows open nothing; Export is offered', async () => {
    fakeNetwork({
      'GET /api/subscribes': {
        body: listOf([
          subscriber(),
          subscriber({ id: 12, email: 'gone@example.org', state: 'unsubscribed' }),
        ]),
      },
    });
    renderWithProviders(<SubscribeListScreen />, { path: ROUTES.subscribes });
    expect(await screen.findByText('reader@example.org')).toBeInTheDocument();
    expect(screen.getByText('Unsubscribed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'reader@example.org' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add New' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
  });

  it('deletes the selected subscribers after the confirmation', async () => {
    const network = fakeNetwork({
      'GET /api/subscribes': { body: listOf([subscriber()]) },
      'POST /api/subscribes/bulk-delete': {
        body: { data: { count: 1 }, message: 'Subscribe has been successfully deleted' },
      },
    });
    renderWithProviders(<SubscribeListScreen />, { path: ROUTES.subscribes });
    await screen.findByText('reader@example.org');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('checkbox', { name: 'Select row' }));
    await actor.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Are you sure you want to continue with this action?')).toBeInTheDocument();
    expect(network.requestsTo('/api/subscribes/bulk-delete')).toEqual([]);
    await actor.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(network.requestsTo('/api/subscribes/bulk-delete')).toHaveLength(1));
    expect(network.requestsTo('/api/subscribes/bulk-delete')[0].body).toEqual({ ids: [11] });
  });

  it('shows each subscriber’s state (Pending until confirmed) and its consent', async () => {
    fakeNetwork({
      'GET /api/subscribes': {
        body: listOf([
          subscriber({ id: 13, email: 'new@example.org', state: 'pending', confirmed_at: null }),
          subscriber({ id: 14, email: 'old@example.org', consent_note: 'Signed up on paper at the fair' }),
        ]),
      },
    });
    renderWithProviders(<SubscribeListScreen />, { path: ROUTES.subscribes });
    const pending = (await screen.findByText('new@example.org')).closest('[role="row"]') as HTMLElement;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('newsletter-v1 · 203.0.113.7')).toBeInTheDocument();
    const noted = screen.getByText('old@example.org').closest('[role="row"]') as HTMLElement;
    expect(within(noted).getByText('Subscribed')).toBeInTheDocument();
    expect(within(noted).getByText('Signed up on paper at the fair')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Confirmed At' })).toBeInTheDocument();
  });
});
