import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { testUser } from '../../../test/accountFixtures';
import { en } from '../../shared/messages';
import { PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { InboxSettingsScreen } from './InboxSettingsScreen';

const settings = {
  body: { data: { sources: [{ source: 'contact-page', acknowledgement_template: null }], updated_at: null } },
};
const stored = {
  addresses: ['offers@spam.example'],
  domains: ['junk.example'],
  phrases: [],
  updated_at: '2026-12-01T10:00:00.000Z',
};
const render = (permissions: string[]) =>
  renderWithProviders(<InboxSettingsScreen />, {
    path: ROUTES.inboxSettings,
    route: ROUTES.inboxSettings,
    auth: { user: { ...testUser, permissions } },
  });

describe('InboxSettingsScreen: the block list', () => {
  it('edits the lists one per line and saves them with the version loaded', async () => {
    const network = fakeNetwork({
      'GET /api/settings/inbox': settings,
      'GET /api/reply-templates/options': { body: { data: [] } },
      'GET /api/settings/inbox/block-list': { body: { data: stored } },
      'PUT /api/settings/inbox/block-list': (request) => ({
        body: {
          data: { ...(request.body as object), updated_at: '2026-12-01T11:00:00.000Z' },
          message: 'Block List has been successfully updated',
        },
      }),
    });
    render([PERMISSIONS.settingsShow, PERMISSIONS.settingsUpdate]);
    const form = await screen.findByRole('form', { name: 'Block List' });
    const addresses = within(form).getByRole('textbox', { name: 'Blocked Addresses' });
    expect(addresses).toHaveValue('offers@spam.example');
    const actor = userEvent.setup({ delay: null });
    await actor.type(addresses, '{Enter}Promo@Spam.example{Enter}{Enter}');
    await actor.type(within(form).getByRole('textbox', { name: 'Blocked Phrases' }), 'cheap followers');
    await actor.click(within(form).getByRole('button', { name: en.save }));
    expect(await screen.findByText('Block List has been successfully updated')).toBeInTheDocument();
    const put = network.requestsTo('/api/settings/inbox/block-list').find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      addresses: ['offers@spam.example', 'promo@spam.example'],
      domains: ['junk.example'],
      phrases: ['cheap followers'],
      updated_at: '2026-12-01T10:00:00.000Z',
    });
  });

  it('says which line is not valid, and sends nothing', async () => {
    const network = fakeNetwork({
      'GET /api/settings/inbox': settings,
      'GET /api/reply-templates/options': { body: { data: [] } },
      'GET /api/settings/inbox/block-list': { body: { data: stored } },
    });
    render([PERMISSIONS.settingsShow, PERMISSIONS.settingsUpdate]);
    const form = await screen.findByRole('form', { name: 'Block List' });
    const actor = userEvent.setup({ delay: null });
    await actor.type(within(form).getByRole('textbox', { name: 'Blocked Domains' }), '{Enter}not a domain');
    await actor.click(within(form).getByRole('button', { name: en.save }));
    expect(
      await within(form).findByText('Blocked Domains: line 2 (not a domain) is not valid'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Blocked Domains' })).toBeInvalid());
    expect(network.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the lists read-only to settings.show', async () => {
    fakeNetwork({
      'GET /api/settings/inbox': settings,
      'GET /api/reply-templates/options': { body: { data: [] } },
      'GET /api/settings/inbox/block-list': { body: { data: stored } },
    });
    render([PERMISSIONS.settingsShow]);
    const form = await screen.findByRole('form', { name: 'Block List' });
    expect(within(form).getByRole('textbox', { name: 'Blocked Domains' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: en.save })).not.toBeInTheDocument();
  });
});
