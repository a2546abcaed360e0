import { act, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { ShellLayout } from '../../app/ShellLayout';
import { firstScreenLoading } from '../../hooks/routePreload';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { AppLayout } from './AppLayout';
import { GuestLayout } from './GuestLayout';

const guestRoutes = (screenText: string) => [
  { path: ROUTES.login, element: <GuestLayout />, children: [{ index: true, element: <p>{screenText}</p> }] },
];

/** The profile screen inside the signed-in shell, opened from the address bar. */
const renderProfileInShell = () =>
  renderWithProviders(<p>Login page</p>, {
    path: ROUTES.login,
    route: ROUTES.profile,
    routes: [
      { element: <ShellLayout />, children: [{ path: ROUTES.profile, element: <p>Profile page</p> }] },
    ],
  });

describe('GuestLayout', () => {
  it('shows the guest screen in a card to a visitor', () => {
    renderWithProviders(<p>Dashboard page</p>, {
      path: ROUTES.dashboard,
      route: ROUTES.login,
      auth: { phase: 'no-auth', user: null },
      routes: guestRoutes('Login form'),
    });
    expect(screen.getByText('Login form')).toBeInTheDocument();
    expect(screen.getByText(en.appName)).toBeInTheDocument();
  });

  it('redirects a signed-in user to the dashboard', () => {
    const { router } = renderWithProviders(<p>Dashboard page</p>, {
      path: ROUTES.dashboard,
      route: ROUTES.login,
      routes: guestRoutes('Login form'),
    });
    expect(router.state.location.pathname).toBe(ROUTES.dashboard);
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    expect(screen.queryByText('Login form')).not.toBeInTheDocument();
  });

  it.each([
    ['a path', `${ROUTES.profile}?tab=2`],
    ['a location', { pathname: ROUTES.profile, search: '?tab=2' }],
  ])('sends a user who just signed in back to the page that asked for sign-in (%s)', async (_, from) => {
    const { router } = renderWithProviders(<p>Dashboard page</p>, {
      path: ROUTES.dashboard,
      route: ROUTES.login,
      routes: [...guestRoutes('Login form'), { path: ROUTES.profile, element: <p>Profile page</p> }],
    });
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    await act(() => router.navigate(ROUTES.login, { state: { from } }));
    expect(router.state.location.pathname + router.state.location.search).toBe(`${ROUTES.profile}?tab=2`);
    expect(screen.getByText('Profile page')).toBeInTheDocument();
  });

  it('sends a signed-in user to the dashboard instead of another origin', async () => {
    const { router } = renderWithProviders(<p>Dashboard page</p>, {
      path: ROUTES.dashboard,
      route: ROUTES.login,
      routes: guestRoutes('Login form'),
    });
    await act(() => router.navigate(ROUTES.login, { state: { from: '//evil.example/' } }));
    expect(router.state.location.pathname).toBe(ROUTES.dashboard);
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });

  it('shows a spinner while the auth phase is loading', () => {
    renderWithProviders(<p>Dashboard page</p>, {
      path: ROUTES.dashboard,
      route: ROUTES.login,
      auth: { phase: 'loading', user: null },
      routes: guestRoutes('Login form'),
    });
    expect(screen.getByRole('status')).toHaveStyle({ height: '100vh' });
    expect(screen.queryByText('Login form')).not.toBeInTheDocument();
  });
});

const appRoutes = [
  {
    path: ROUTES.dashboard,
    element: <AppLayout />,
    children: [
      { index: true, element: <p>Dashboard page</p> },
      { path: 'profile', element: <p>Profile page</p> },
    ],
  },
];

describe('AppLayout', () => {
  it('redirects a visitor to /login, keeping the intended URL', () => {
    const { router } = renderWithProviders(<p>Login page</p>, {
      path: ROUTES.login,
      route: `${ROUTES.profile}?tab=2`,
      auth: { phase: 'no-auth', user: null },
      routes: appRoutes,
    });
    expect(router.state.location.pathname).toBe(ROUTES.login);
    expect(router.state.location.state).toEqual({ from: `${ROUTES.profile}?tab=2` });
    expect(screen.getByText('Login page')).toBeInTheDocument();
  });

  it('shows a full-height spinner while the auth phase is loading', () => {
    renderWithProviders(<p>Login page</p>, {
      path: ROUTES.login,
      route: ROUTES.profile,
      auth: { phase: 'loading', user: null },
      routes: appRoutes,
    });
    expect(screen.getByRole('status')).toHaveStyle({ height: '100vh' });
    expect(screen.queryByText('Profile page')).not.toBeInTheDocument();
  });

  it('shows the header, the menu and the screen to a signed-in user', () => {
    renderWithProviders(<p>Login page</p>, { path: ROUTES.login, route: ROUTES.profile, routes: appRoutes });
    expect(screen.getByText('Profile page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: en.mainMenu }).length).toBeGreaterThan(0);
  });
});

describe('ShellLayout', () => {
  it('keeps the signed-in account in storage, and its changes, for the next load to draw at once', async () => {
    localStorage.clear();
    const shell = (name: string) => [
      { element: <ShellLayout />, children: [{ path: ROUTES.profile, element: <p>{name}</p> }] },
    ];
    const { unmount } = renderWithProviders(<p>Login page</p>, {
      path: ROUTES.login,
      route: ROUTES.profile,
      routes: shell('Profile page'),
    });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.account) ?? 'null')).toEqual(testUser);
    unmount();
    renderWithProviders(<p>Login page</p>, {
      path: ROUTES.login,
      route: ROUTES.profile,
      auth: { user: { ...testUser, name: 'Ada King' } },
      routes: shell('Profile page'),
    });
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.account) ?? 'null')).toMatchObject({
      name: 'Ada King',
    });
  });

  it('has the account confirmed by the server once the screen painted, not before', async () => {
    const { auth } = renderProfileInShell();
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
    expect(auth.confirmAccount).not.toHaveBeenCalled();
    await waitFor(() => expect(auth.confirmAccount).toHaveBeenCalled());
  });

  it('waits for the first screen drawn after the shell before confirming the account (issue #15)', async () => {
    let loaded!: () => void;
    firstScreenLoading(new Promise<void>((resolve) => (loaded = resolve)));
    try {
      const { auth } = renderProfileInShell();
      expect(await screen.findByText('Profile page')).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(auth.confirmAccount).not.toHaveBeenCalled();
      act(() => loaded());
      await waitFor(() => expect(auth.confirmAccount).toHaveBeenCalled());
    } finally {
      firstScreenLoading(Promise.resolve());
    }
  });
});
