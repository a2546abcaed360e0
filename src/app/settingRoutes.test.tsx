import { screen } from '@testing-library/react';
import { fakeNetwork } from '../../test/fakeNetwork';
import { allPermissionsBut, renderRoutes } from '../../test/renderRoutes';
import { en } from '../shared/messages';
import { SETTINGS_MESSAGES } from '../shared/messages/settings';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { settingRoutes } from './settingRoutes';

describe('setting routes', () => {
  it.each([[ROUTES.company, PERMISSIONS.settingsShow]])(
    'shows No access at %s to a user without %s',
    async (route, permission) => {
      const { requests } = fakeNetwork({});
      renderRoutes(settingRoutes, route, allPermissionsBut(permission));
      expect(await screen.findByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
      expect(requests).toHaveLength(0);
    },
  );

  it('shows the company screen to a user holding settings.show', async () => {
    fakeNetwork({ 'GET /api/settings/company': { status: 500, body: { message: 'Server Error' } } });
    renderRoutes(settingRoutes, ROUTES.company, [PERMISSIONS.settingsShow]);
    expect(await screen.findByRole('heading', { name: SETTINGS_MESSAGES.company })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.noAccessTitle })).not.toBeInTheDocument();
  });
});
