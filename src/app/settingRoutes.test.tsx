import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../test/fakeNetwork';
import { allPermissionsBut, renderRoutes } from '../../test/renderRoutes';
import { en } from '../shared/messages';
import { SETTINGS_MESSAGES } from '../shared/messages/settings';
import { PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { settingRoutes } from './settingRoutes';

describe('setting routes', () => {
  it.each([
    [ROUTES.company, PERMISSIONS.settingsShow],
    [ROUTES.inboxSettings, PERMISSIONS.settingsShow],
    [ROUTES.website, PERMISSIONS.websiteIndex],
  ])('shows No access at %s to a user without %s', async (route, permission) => {
    const { requests } = fakeNetwork({});
    renderRoutes(settingRoutes, route, allPermissionsBut(permission));
    expect(await screen.findByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the company screen to a user holding settings.show', async () => {
    fakeNetwork({ 'GET /api/settings/company': { status: 500, body: { message: 'Server Error' } } });
    renderRoutes(settingRoutes, ROUTES.company, [PERMISSIONS.settingsShow]);
    expect(await screen.findByRole('heading', { name: SETTINGS_MESSAGES.company })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.noAccessTitle })).not.toBeInTheDocument();
  });

  it('shows the inbox settings to settings.show read-only, and saves each source’s acknowledgement for settings.update', async () => {
    const network = fakeNetwork({
      'GET /api/settings/inbox': {
        body: {
          data: {
            sources: [
              { source: 'contact-page', acknowledgement_template: null },
              { source: 'footer', acknowledgement_template: { id: 3, name: 'Thanks' } },
            ],
            updated_at: '2026-12-01T10:00:00.000Z',
          },
        },
      },
      'GET /api/reply-templates/options': { body: { data: [{ id: 3, name: 'Thanks', status: 1 }] } },
      'PUT /api/settings/inbox': (request) => ({
        body: {
          data: {
            sources: [
              { source: 'contact-page', acknowledgement_template: { id: 3, name: 'Thanks' } },
              { source: 'footer', acknowledgement_template: { id: 3, name: 'Thanks' } },
            ],
            updated_at: '2026-12-01T11:00:00.000Z',
          },
          message: `saved ${JSON.stringify(request.body)}`,
        },
      }),
    });
    renderRoutes(settingRoutes, ROUTES.inboxSettings, [PERMISSIONS.settingsShow, PERMISSIONS.settingsUpdate]);
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: 'Contact Page: Acknowledgement' }));
    await actor.click(await screen.findByRole('option', { name: 'Thanks' }));
    await actor.click(screen.getByRole('button', { name: en.save }));
    await waitFor(() => expect(network.requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(network.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      sources: [
        { source: 'contact-page', acknowledgement_template_id: 3, service_level_days: null },
        { source: 'footer', acknowledgement_template_id: 3, service_level_days: null },
      ],
      updated_at: '2026-12-01T10:00:00.000Z',
    });
  });
});
