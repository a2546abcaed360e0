import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { grace, listOf, roleOptionsRoute } from '../../../test/settingFixtures';
import { ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { UserListScreen } from './UserListScreen';

const network = () => fakeNetwork({ ...roleOptionsRoute, 'GET /api/users': { body: listOf([grace]) } });

describe('UserListScreen', () => {
  afterEach(() => localStorage.clear());

  it('lists users under Dashboard › Setting › User with Add New', async () => {
    network();
    const { store } = renderWithProviders(<UserListScreen />, { path: ROUTES.users });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', `${ROUTES.users}/add`);
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Setting', disabled: true },
      { label: 'User' },
    ]);
  });

  it('restores the role filter stored under filter:roles', async () => {
    localStorage.setItem(STORAGE_KEYS.filterRoles, JSON.stringify({ users: [2] }));
    const { requests } = network();
    renderWithProviders(<UserListScreen />, { path: ROUTES.users });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    const list = requests.filter((request) => request.path === '/api/users');
    expect(list.length).toBeGreaterThan(0);
    expect(await screen.findByText('Editor', { selector: '.MuiSelect-select' })).toBeInTheDocument();
  });

  it('offers the role filter to a user holding users.index without roles.index', async () => {
    const { requestsTo } = network();
    renderWithProviders(<UserListScreen />, {
      path: ROUTES.users,
      auth: { user: { ...testUser, permissions: ['users.index'] } },
    });
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: 'Role' }));
    expect(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Editor' }),
    ).toBeInTheDocument();
    expect(requestsTo('/api/roles/options')).toHaveLength(1);
    expect(requestsTo('/api/roles')).toHaveLength(0);
  });
});
