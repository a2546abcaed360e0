import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { filterMenu, MENU } from '../../shared/menu';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { Header } from './Header';

const menus = filterMenu(MENU, testUser.permissions);

describe('Header', () => {
  it('shows the initials when the user has no photo', () => {
    renderWithProviders(<Header menus={menus} />);
    const avatar = screen.getByRole('button', { name: testUser.name });
    expect(avatar).toHaveTextContent('AL');
    expect(within(avatar).queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the photo when the user has one', () => {
    const photo = { id: 3, url: '/uploads/ada.jpg', name: 'ada.jpg', mime: 'image/jpeg', size: 10 };
    renderWithProviders(<Header menus={menus} />, { auth: { user: { ...testUser, photo } } });
    const avatar = screen.getByRole('button', { name: testUser.name });
    expect(within(avatar).getByRole('img')).toHaveAttribute('src', '/uploads/ada.jpg');
    expect(avatar).not.toHaveTextContent('AL');
  });

  it('links the logo to the dashboard', () => {
    renderWithProviders(<Header menus={menus} />, { route: ROUTES.profile });
    expect(screen.getByRole('link', { name: en.appName })).toHaveAttribute('href', ROUTES.dashboard);
  });

  it('opens a dropdown with the name, e-mail, profile, change password and logout', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Header menus={menus} />);
    await user.click(screen.getByRole('button', { name: testUser.name }));
    const dropdown = screen.getByRole('menu');
    expect(dropdown).toHaveTextContent(testUser.name);
    expect(dropdown).toHaveTextContent(testUser.email);
    expect(
      within(dropdown)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([en.viewProfile, en.changePassword, en.logout]);
    await user.click(within(dropdown).getByRole('menuitem', { name: en.changePassword }));
    expect(router.state.location.pathname).toBe(ROUTES.changePassword);
  });

  it('signs out from the dropdown', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithProviders(<Header menus={menus} />);
    await user.click(screen.getByRole('button', { name: testUser.name }));
    await user.click(screen.getByRole('menuitem', { name: en.logout }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });

  it('opens the menu in a 378 px left drawer from the menu button and closes it on navigation', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Header menus={menus} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: en.openMenu }));
    const drawer = screen.getByRole('dialog');
    expect(drawer).toHaveStyle({ width: '378px' });
    expect(drawer.className).toMatch(/AnchorLeft/);
    await user.click(within(drawer).getByRole('link', { name: 'Pages' }));
    expect(router.state.location.pathname).toBe(ROUTES.pages);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
