import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { makeStore } from '../../store';
import { writeSession } from '../../store/session';
import { catalogOptionRoutes, roadRunner } from '../../test/catalogFixtures';
import { fakeNetwork } from '../../test/fakeNetwork';
import { allPermissionsBut } from '../../test/renderRoutes';
import { LocationDisplay, renderWithProviders, testUser } from '../../test/renderWithProviders';
import { listOf } from '../../test/settingFixtures';
import { LoadingBlock } from '../components/feedback/LoadingBlock';
import { writeSelection } from '../hooks/filterStorage';
import { contactFormsResource } from '../shared/resources/contactForms';
import { newsResource } from '../shared/resources/news';
import { pagesResource } from '../shared/resources/pages';
import { productArticlesResource } from '../shared/resources/productArticles';
import { productHighlightsResource } from '../shared/resources/productHighlights';
import { productsResource } from '../shared/resources/products';
import { promotionsResource } from '../shared/resources/promotions';
import { apiPath, type ResourceContract } from '../shared/resources/resource';
import { subscribesResource } from '../shared/resources/subscribes';
import { en } from '../shared/messages';
import { PERMISSION_CATALOGUE, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { listRoute } from './guarded';
import { prefetchListRows, prefetchRowsAt, provideRouteStore } from './listPrefetch';
import { resourceRoutes } from './resourceRoutes';

const ALL = PERMISSION_CATALOGUE.map((permission) => permission.name);

/** The app's routes at `route`, with the routes' loaders given the store (as src/index.tsx does). */
function open(route: string, permissions: string[] = ALL) {
  const store = makeStore();
  provideRouteStore(store);
  return renderWithProviders(<LocationDisplay />, {
    store,
    route,
    routes: [{ hydrateFallbackElement: <LoadingBlock />, children: resourceRoutes }],
    auth: { user: { ...testUser, permissions } },
  });
}

const signedIn = (expiresIn = 3600) =>
  writeSession(
    { access_token: 'a', refresh_token: 'r', expires_in: expiresIn, token_type: 'Bearer' },
    Date.now(),
  );

beforeEach(() => localStorage.clear());
afterEach(() => provideRouteStore(null));

describe('a list route asks for its rows early (issue #15)', () => {
  it('sends the request the URL and the stored filters name, once, and the screen shows its answer', async () => {
    signedIn();
    writeSelection(STORAGE_KEYS.filterStatus, productsResource.key, [1]);
    const network = fakeNetwork({
      ...catalogOptionRoutes,
      'GET /api/products': { body: listOf([roadRunner]) },
    });
    const seen = watchRequests('/api/products');
    open(`${ROUTES.products}?search=road`);
    expect(await screen.findByText(roadRunner.name)).toBeInTheDocument();
    expect(network.requestsTo('/api/products')).toHaveLength(1);
    const [query, when] = seen[0].split('#');
    expect(when).toBe('early');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      page: '1',
      per_page: '10',
      sort: 'created_at',
      order: 'desc',
      search: 'road',
      status: '1',
    });
  });

  it('asks nothing ahead with an expired session (the auth actor refreshes it first) or without a session', async () => {
    const network = fakeNetwork({ 'GET /api/products': { body: listOf([]) } });
    provideRouteStore(makeStore());
    const load = jest.fn(async () => (await import('../resources/products/productRows')).productRows);
    await prefetchListRows(load, `http://localhost${ROUTES.products}`);
    signedIn(-10);
    await prefetchListRows(load, `http://localhost${ROUTES.products}`);
    expect(load).not.toHaveBeenCalled();
    signedIn();
    await prefetchListRows(load, `http://localhost${ROUTES.products}`);
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(network.requestsTo('/api/products')).toHaveLength(1));
  });

  it('says nothing of a refused early request: a user without the permission sees No access only', async () => {
    signedIn();
    const network = fakeNetwork({
      ...catalogOptionRoutes,
      'GET /api/products': { status: 403, body: { message: 'This action is unauthorized.' } },
    });
    const { store } = open(ROUTES.products, allPermissionsBut(PERMISSIONS.productsIndex));
    expect(await screen.findByRole('heading', { name: en.noAccessTitle })).toBeInTheDocument();
    await waitFor(() => expect(network.requestsTo('/api/products')).toHaveLength(1));
    // Settled, and no toast for it.
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).some((entry) => entry?.status === 'rejected')).toBe(
        true,
      ),
    );
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows a failure of the early request the screen then makes its own', async () => {
    signedIn();
    const network = fakeNetwork({
      ...catalogOptionRoutes,
      'GET /api/products': { status: 500, body: { message: 'Server Error' } },
    });
    const { store } = open(ROUTES.products);
    await waitFor(() => expect(network.requestsTo('/api/products').length).toBeGreaterThan(0));
    await waitFor(() => expect(store.getState().toasts.length).toBeGreaterThan(0));
    expect(store.getState().toasts[0]).toMatchObject({ severity: 'error' });
  });
});

/** Records, for each request to `path`, its query and whether the screen was drawn when it left. */
function watchRequests(path: string): string[] {
  const seen: string[] = [];
  const fake = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === path) seen.push(`${url.search}#${document.querySelector('h1') ? 'drawn' : 'early'}`);
    return fake(request);
  };
  return seen;
}

describe.each<[string, ResourceContract]>([
  ['news', newsResource],
  ['promotions', promotionsResource],
  ['product highlights', productHighlightsResource],
  ['product articles', productArticlesResource],
  ['pages', pagesResource],
  ['contact forms', contactFormsResource],
  ['subscribers', subscribesResource],
])('the %s list asks for its rows early too', (_name, contract) => {
  it('sends its first page before the screen is drawn, once, in the order the screen shows', async () => {
    signedIn();
    const network = fakeNetwork({ [`GET ${apiPath(contract)}`]: { body: listOf([]) } });
    const seen = watchRequests(apiPath(contract));
    open(contract.route);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(network.requestsTo(apiPath(contract))).toHaveLength(1));
    const [query, when] = seen[0].split('#');
    expect(when).toBe('early');
    expect(Object.fromEntries(new URLSearchParams(query))).toMatchObject({
      page: '1',
      per_page: '10',
      sort: contract.defaultSort.sort,
      order: contract.defaultSort.order,
    });
  });

  it('asks nothing ahead without a session', async () => {
    const network = fakeNetwork({ [`GET ${apiPath(contract)}`]: { body: listOf([]) } });
    open(contract.route);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    // The screen's own request is the only one.
    await waitFor(() => expect(network.requestsTo(apiPath(contract))).toHaveLength(1));
  });
});

describe('the app opened on a list URL (src/index.tsx)', () => {
  it('asks for the rows before the router starts, and the route finds them on their way', async () => {
    signedIn();
    const network = fakeNetwork({
      ...catalogOptionRoutes,
      'GET /api/products': { body: listOf([roadRunner]) },
    });
    const store = makeStore();
    provideRouteStore(store);
    prefetchRowsAt(`http://localhost${ROUTES.products}?search=road`);
    await waitFor(() => expect(network.requestsTo('/api/products')).toHaveLength(1));
    renderWithProviders(<LocationDisplay />, {
      store,
      route: `${ROUTES.products}?search=road`,
      routes: [{ hydrateFallbackElement: <LoadingBlock />, children: resourceRoutes }],
      auth: { user: testUser },
    });
    expect(await screen.findByText(roadRunner.name)).toBeInTheDocument();
    expect(network.requestsTo('/api/products')).toHaveLength(1);
  });

  it('asks nothing for a URL that is not a list, or with an expired session', async () => {
    const network = fakeNetwork({ 'GET /api/products': { body: listOf([]) } });
    provideRouteStore(makeStore());
    signedIn();
    prefetchRowsAt(`http://localhost${ROUTES.profile}`);
    prefetchRowsAt(`http://localhost${ROUTES.products}/7`);
    signedIn(-10);
    prefetchRowsAt(`http://localhost${ROUTES.products}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(network.requests).toEqual([]);
  });
});

describe('the app opened on a list draws its shell first (issue #15)', () => {
  const THINGS = '/things';
  function openThings(opened: string | null) {
    let resolve!: (screen: ComponentType) => void;
    let reject!: (error: Error) => void;
    const list = () =>
      new Promise<ComponentType>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
    if (opened) prefetchRowsAt(`http://localhost${opened}`);
    renderWithProviders(<LocationDisplay />, {
      route: THINGS,
      routes: [
        {
          hydrateFallbackElement: <p>Starting</p>,
          errorElement: <p>Screen failed</p>,
          element: (
            <>
              <nav aria-label="Shell menu" />
              <Outlet />
            </>
          ),
          children: [listRoute(THINGS, PERMISSIONS.productsIndex, list)],
        },
      ],
      auth: { user: testUser },
    });
    return {
      resolve: (screen: ComponentType) => act(() => resolve(screen)),
      reject: (error: Error) => act(() => reject(error)),
    };
  }
  const Things = () => <h1>Things</h1>;

  it('shows the shell with a spinner in the screen’s place while the list’s chunk loads, then the list', async () => {
    const chunk = openThings(THINGS);
    expect(await screen.findByRole('navigation', { name: 'Shell menu' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: en.loading })).toBeInTheDocument();
    await chunk.resolve(Things);
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: en.loading })).not.toBeInTheDocument();
  });

  it('shows the route’s error page when that chunk fails', async () => {
    const chunk = openThings(THINGS);
    expect(await screen.findByRole('navigation', { name: 'Shell menu' })).toBeInTheDocument();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await chunk.reject(new Error('Loading chunk failed'));
    expect(await screen.findByText('Screen failed')).toBeInTheDocument();
  });

  it('waits for the chunk, as any route does, when the app was opened elsewhere', async () => {
    const chunk = openThings(ROUTES.dashboard);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('navigation', { name: 'Shell menu' })).not.toBeInTheDocument();
    await chunk.resolve(Things);
    expect(await screen.findByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Shell menu' })).toBeInTheDocument();
  });
});
