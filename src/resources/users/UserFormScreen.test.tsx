import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { grace, roleOptionsRoute } from '../../../test/settingFixtures';
import { REMEMBERED_DEVICE_PATHS } from '../../shared/contracts/rememberedDevices';
import { REMEMBERED_DEVICE_MESSAGES } from '../../shared/messages/rememberedDevices';
import { SESSION_MESSAGES } from '../../shared/messages/sessions';
import { ROUTES, userSessionsPath } from '../../shared/routes';
import { UserFormScreen } from './UserFormScreen';

const ADD = `${ROUTES.users}/add`;

/** Mounted as the app routes it: the static add path, else the detail path with its `:id`. */
function renderForm(route: string, network: Parameters<typeof fakeNetwork>[0] = {}) {
  const net = fakeNetwork({ ...roleOptionsRoute, ...network });
  const view = renderWithProviders(<UserFormScreen />, {
    path: route === ADD ? ADD : `${ROUTES.users}/:id`,
    route,
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

describe('UserFormScreen', () => {
  it('saves a detail without a password, sending the updated_at it loaded', async () => {
    const { actor, requestsTo } = renderForm(`${ROUTES.users}/7`, {
      'GET /api/users/7': { body: { data: grace } },
      'PUT /api/users/7': {
        body: { data: { ...grace, name: 'Grace B. Hopper' }, message: 'User has been successfully updated' },
      },
    });
    await actor.type(await screen.findByLabelText(/^Name/), ' B.');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User has been successfully updated')).toBeInTheDocument();
    const [put] = requestsTo('/api/users/7').filter((request) => request.method === 'PUT');
    expect(put.body).toEqual(
      expect.objectContaining({
        name: 'Grace Hopper B.',
        role_id: 2,
        status: 1,
        updated_at: grace.updated_at,
      }),
    );
  });

  it('offers Delete and status on another user', async () => {
    renderForm(`${ROUTES.users}/7`, { 'GET /api/users/7': { body: { data: grace } } });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Status/ })).not.toHaveAttribute('aria-disabled');
  });

  it('does not let the signed-in user delete or deactivate themselves', async () => {
    const me = { ...grace, id: testUser.id };
    renderForm(`${ROUTES.users}/${testUser.id}`, {
      [`GET /api/users/${testUser.id}`]: { body: { data: me } },
    });
    expect(await screen.findByRole('combobox', { name: /Status/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('You cannot deactivate your own account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByText('You cannot delete your own account.')).toBeInTheDocument();
  });

  it("shows the user's sessions to a holder of users.update", async () => {
    const { requestsTo } = renderForm(`${ROUTES.users}/7`, {
      'GET /api/users/7': { body: { data: grace } },
      [`GET ${userSessionsPath(7)}`]: { body: { data: [] } },
      [`GET ${REMEMBERED_DEVICE_PATHS.user(7)}`]: { body: { data: [] } },
    });
    expect(await screen.findByRole('grid', { name: SESSION_MESSAGES.title })).toBeInTheDocument();
    expect(requestsTo(userSessionsPath(7))).toHaveLength(1);
    expect(await screen.findByRole('grid', { name: REMEMBERED_DEVICE_MESSAGES.title })).toBeInTheDocument();
  });

  it('shows no sessions without users.update', async () => {
    const net = fakeNetwork({ ...roleOptionsRoute, 'GET /api/users/7': { body: { data: grace } } });
    renderWithProviders(<UserFormScreen />, {
      path: `${ROUTES.users}/:id`,
      route: `${ROUTES.users}/7`,
      auth: { user: { ...testUser, permissions: ['users.index'] } },
    });
    expect(await screen.findByLabelText(/^Name/)).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: SESSION_MESSAGES.title })).not.toBeInTheDocument();
    expect(net.requestsTo(userSessionsPath(7))).toHaveLength(0);
    expect(net.requestsTo(REMEMBERED_DEVICE_PATHS.user(7))).toHaveLength(0);
  });

  it('requires a password on add', async () => {
    const { actor, requests } = renderForm(ADD);
    await actor.type(screen.getByLabelText(/^Name/), 'Alan Turing');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password Confirmation is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});
