import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { RequirePermission } from './RequirePermission';
import { en } from '../../shared/messages';
import { PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';

describe('RequirePermission', () => {
  it('shows the content to a user holding the permission', () => {
    renderWithProviders(
      <RequirePermission permission={PERMISSIONS.brandsIndex}>
        <p>Brand list</p>
      </RequirePermission>,
    );
    expect(screen.getByText('Brand list')).toBeInTheDocument();
  });

  it('shows the No access page to a user without it', () => {
    renderWithProviders(
      <RequirePermission permission={PERMISSIONS.brandsIndex}>
        <p>Brand list</p>
      </RequirePermission>,
      { auth: { user: { ...testUser, permissions: [PERMISSIONS.newsIndex] } } },
    );
    expect(screen.queryByText('Brand list')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
    expect(screen.getByText(en.noAccessText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.backToHome })).toHaveAttribute('href', ROUTES.dashboard);
  });

  it('shows content guarded by anyOf to a holder of any one of its keys, else No access', () => {
    const guarded = (
      <RequirePermission permission={{ anyOf: [PERMISSIONS.promotionsIndex, PERMISSIONS.newsIndex] }}>
        <p>Calendar</p>
      </RequirePermission>
    );
    const { unmount } = renderWithProviders(guarded, {
      auth: { user: { ...testUser, permissions: [PERMISSIONS.newsIndex] } },
    });
    expect(screen.getByText('Calendar')).toBeInTheDocument();
    unmount();
    renderWithProviders(guarded, { auth: { user: { ...testUser, permissions: [PERMISSIONS.brandsIndex] } } });
    expect(screen.queryByText('Calendar')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
  });

  it('needs every key of a list', () => {
    renderWithProviders(
      <RequirePermission permission={[PERMISSIONS.newsIndex, PERMISSIONS.brandsIndex]}>
        <p>Both</p>
      </RequirePermission>,
      { auth: { user: { ...testUser, permissions: [PERMISSIONS.newsIndex] } } },
    );
    expect(screen.queryByText('Both')).not.toBeInTheDocument();
  });
});
