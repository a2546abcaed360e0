import { screen } from '@testing-library/react';
import { LoadingBlock } from '../components/feedback/LoadingBlock';
import { fakeNetwork } from '../../test/fakeNetwork';
import { LocationDisplay, renderWithProviders, testUser } from '../../test/renderWithProviders';
import { PERMISSION_CATALOGUE, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { settingRoutes } from './settingRoutes';

const allBut = (key: string) =>
  PERMISSION_CATALOGUE.map((permission) => permission.name).filter((name) => name !== key);

function open(route: string, permissions: string[]) {
  return renderWithProviders(<LocationDisplay />, {
    route,
    // The app's root route shows this while a lazy screen loads.
    routes: [{ hydrateFallbackElement: <LoadingBlock />, children: settingRoutes }],
    auth: { user: { ...testUser, permissions } },
  });
}

describe('setting routes', () => {
  it.each([
    [ROUTES.users, PERMISSIONS.usersIndex],
    [`${ROUTES.users}/add`, PERMISSIONS.usersIndex],
    [`${ROUTES.users}/7`, PERMISSIONS.usersIndex],
    [ROUTES.roles, PERMISSIONS.rolesIndex],
    [`${ROUTES.roles}/3`, PERMISSIONS.rolesIndex],
    [ROUTES.company, PERMISSIONS.settingsShow],
  ])('shows No access at %s to a user without %s', async (route, permission) => {
    const { requests } = fakeNetwork({});
    open(route, allBut(permission));
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the company screen to a user holding settings.show', async () => {
    fakeNetwork({ 'GET /api/settings/company': { status: 500, body: { message: 'Server Error' } } });
    open(ROUTES.company, [PERMISSIONS.settingsShow]);
    expect(await screen.findByRole('heading', { name: 'Company' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
  });
});
