import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
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

  it('names the account button by the text a user sees on it (voice control says what it reads)', () => {
    renderWithProviders(<Header menus={menus} />);
    const avatar = screen.getByRole('button', { name: testUser.name });
    // No aria-label that the visible "AL Ada Lovelace" would not match: the initials are hidden
    // from the name, the name itself is the text.
    expect(avatar).not.toHaveAttribute('aria-label');
    expect(within(avatar).getByText(testUser.name)).toBeInTheDocument();
  });

  it('shows the photo when the user has one', () => {
    const photo = { id: 3, url: '/uploads/ada.jpg', name: 'ada.jpg', mime: 'image/jpeg', size: 10 };
    renderWithProviders(<Header menus={menus} />, { auth: { user: { ...testUser, photo } } });
    const avatar = screen.getByRole('button', { name: testUser.name });
    // The name is the button's text; the photo beside it is decoration.
    expect(within(avatar).getByRole('img', { hidden: true })).toHaveAttribute('src', '/uploads/ada.jpg');
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
    expect(screen.getByText(testUser.email)).toBeVisible();
    expect(
      within(dropdown)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([en.viewProfile, en.changePassword, en.logout]);
    await user.click(within(dropdown).getByRole('menuitem', { name: en.changePassword }));
    expect(router.state.location.pathname).toBe(ROUTES.changePassword);
  });

  it('opens with the arrow keys on the first or the last item, moves with them and closes with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header menus={menus} />);
    const button = screen.getByRole('button', { name: testUser.name });
    act(() => button.focus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: en.viewProfile })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: en.changePassword })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: en.logout })).toHaveFocus());
  });

  it('offers the three themes with the chosen one checked, and stores a new choice', async () => {
    const user = userEvent.setup();
    const network = fakeNetwork({
      'PUT /api/account/preferences': {
        body: { data: { ...testUser, preferences: { theme: 'dark' } }, message: en.preferencesSaved },
      },
    });
    const { auth } = renderWithProviders(<Header menus={menus} />, {
      auth: { user: { ...testUser, preferences: { theme: 'system' } } },
    });
    await user.click(screen.getByRole('button', { name: testUser.name }));
    expect(screen.getByRole('menuitemradio', { name: en.themeSystem })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: en.themeDark })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(screen.getByRole('menuitemradio', { name: en.themeDark }));
    // At once, before the server answers; then the server's copy.
    expect(auth.updateProfile).toHaveBeenCalledWith({ ...testUser, preferences: { theme: 'dark' } });
    await waitFor(() => expect(network.requestsTo('/api/account/preferences')).toHaveLength(1));
    expect(network.requestsTo('/api/account/preferences')[0].body).toEqual({ theme: 'dark' });
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
