import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { makeStore, type AppStore } from '../store';
import { AuthContext, type AuthApi } from '../src/auth/AuthContext';
import { theme } from '../src/app/theme';
import { Toaster } from '../src/components/feedback/Toaster';
import { testUser } from './accountFixtures';

export type TestRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderWithProvidersOptions {
  /** The store to use; a fresh `makeStore()` by default. */
  store?: AppStore;
  /** The initial URL, e.g. '/profile?tab=1'. Default: `path` without params, or '/'. */
  route?: string;
  /** Overrides of the fake auth value (default: phase 'auth', `testUser` holding every permission). */
  auth?: Partial<AuthApi>;
  /** The route pattern `ui` is mounted at (e.g. '/reset-password/:token'). Default: every path. */
  path?: string;
  /** More routes beside `ui` (e.g. a '/login' target to assert a redirect). */
  routes?: RouteObject[];
}

export type RenderWithProvidersResult = RenderResult & {
  store: AppStore;
  router: TestRouter;
  auth: AuthApi;
};

/** The signed-in user of the fake auth value (test/accountFixtures.ts). */
export { testUser };

/** A fake auth value; the functions are jest mocks so tests can assert calls. */
export function fakeAuth(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    phase: 'auth',
    user: testUser,
    signingIn: false,
    signInError: null,
    reauthReason: null,
    reauthSaving: false,
    sessionExpiresAt: null,
    signIn: jest.fn(),
    signInWithSso: jest.fn(),
    reauthenticate: jest.fn(),
    signOut: jest.fn(),
    updateProfile: jest.fn(),
    confirmAccount: jest.fn(),
    awaitingSecondFactor: false,
    verifySecondFactor: jest.fn(),
    cancelSecondFactor: jest.fn(),
    secondFactors: [],
    signInWithPasskey: jest.fn(),
    ...overrides,
  };
}

/** Shows the current location; tests read it with `getByTestId('location')`. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export interface TestProvidersProps {
  store: AppStore;
  auth: AuthApi;
  children: ReactNode;
}

/** The app's providers with a fake auth value, plus the Toaster so toasts are visible. */
export function TestProviders({ store, auth, children }: TestProvidersProps) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <AuthContext.Provider value={auth}>
          {children}
          <Toaster />
        </AuthContext.Provider>
      </ThemeProvider>
    </Provider>
  );
}

/**
 * Renders `ui` inside redux, the MUI theme, a fake AuthContext and a memory data router (so
 * useNavigate, useBlocker, useParams work). Unmatched paths render `LocationDisplay`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { store = makeStore(), route, auth: authOverrides, path, routes = [] }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const auth = fakeAuth(authOverrides);
  const initial = route ?? (path && !path.includes(':') && !path.includes('*') ? path : '/');
  const router = createMemoryRouter(
    [
      { path: path ?? '*', element: ui },
      ...routes,
      ...(path ? [{ path: '*', element: <LocationDisplay /> }] : []),
    ],
    { initialEntries: [initial] },
  );
  const result = render(
    <TestProviders store={store} auth={auth}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, store, router, auth };
}
