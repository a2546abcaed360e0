import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../store';
import { fakeAuth, TestProviders } from '../../test/renderWithProviders';
import { en } from '../shared/messages';
import { ROUTES } from '../shared/routes';
import { routes } from './router';

/** The app's own routes, opened at `path` by a visitor who is not signed in. */
function openSignedOut(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders store={makeStore()} auth={fakeAuth({ phase: 'no-auth', user: null })}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('the app routes, signed out (issue #41)', () => {
  it.each(['/no-such-page', '/product/brand/add/extra', '/settings'])(
    'show the 404 page on %s, not the sign-in',
    async (path) => {
      const router = openSignedOut(path);
      expect(await screen.findByRole('heading', { name: en.notFoundTitle })).toBeInTheDocument();
      expect(screen.getByText(en.notFoundText)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: en.backToHome })).toHaveAttribute('href', ROUTES.dashboard);
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each([ROUTES.dashboard, ROUTES.profile, ROUTES.brands, `${ROUTES.brands}/add`, `${ROUTES.brands}/7`])(
    'send a visitor from %s, a route of the authenticated area, to /login',
    async (path) => {
      const router = openSignedOut(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.login));
      expect(router.state.location.state).toEqual({ from: path });
    },
  );
});
