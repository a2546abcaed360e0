import { screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { MENU } from '../../shared/menu';
import { PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { DashboardScreen } from './DashboardScreen';
import { quickLinks } from './QuickLinksCard';
import { en } from '../../shared/messages';

describe('DashboardScreen', () => {
  it('greets the signed-in user by name', () => {
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeInTheDocument();
  });

  it('sets the breadcrumbs to Dashboard', () => {
    const { store } = renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(store.getState().breadcrumbs).toEqual([{ label: en.dashboard }]);
  });

  it('shows the role and links only to the sections the user may open', () => {
    const user = {
      ...testUser,
      role: { id: 2, name: 'Editor' },
      permissions: [PERMISSIONS.newsIndex, PERMISSIONS.brandsIndex],
    };
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard, auth: { user } });
    expect(screen.getByText('Editor')).toBeInTheDocument();
    const links = within(screen.getByRole('list', { name: en.quickLinks })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([ROUTES.brands, ROUTES.news]);
  });

  it('links to the profile and the change-password screens', () => {
    renderWithProviders(<DashboardScreen />, { path: ROUTES.dashboard });
    expect(screen.getByRole('link', { name: en.viewProfile })).toHaveAttribute('href', ROUTES.profile);
    expect(screen.getByRole('link', { name: en.changePassword })).toHaveAttribute(
      'href',
      ROUTES.changePassword,
    );
  });
});

describe('quickLinks', () => {
  it('lists every section for a user holding every permission, without the dashboard', () => {
    const links = quickLinks(testUser.permissions);
    // Every entry of the menu but the dashboard (a resource added to the menu adds its link).
    const entries = MENU.flatMap((item) => item.children ?? [item]).filter(
      (item) => item.key !== 'dashboard',
    );
    expect(links.map((link) => link.key)).toEqual(entries.map((item) => item.key));
    expect(links).toContainEqual({ key: 'brand', label: 'Brand', group: 'Product', path: ROUTES.brands });
    expect(links).toContainEqual(expect.objectContaining({ label: 'Audit Log', path: ROUTES.auditLog }));
    expect(links.some((link) => link.path === ROUTES.dashboard)).toBe(false);
  });

  it('is empty for a user without section permissions', () => {
    expect(quickLinks([])).toEqual([]);
  });
});
