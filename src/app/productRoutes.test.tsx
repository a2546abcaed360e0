import { screen } from '@testing-library/react';
import { LoadingBlock } from '../components/feedback/LoadingBlock';
import { catalogOptionRoutes, roadRunner } from '../../test/catalogFixtures';
import { fakeNetwork } from '../../test/fakeNetwork';
import { LocationDisplay, renderWithProviders, testUser } from '../../test/renderWithProviders';
import { listOf } from '../../test/settingFixtures';
import { PERMISSION_CATALOGUE, PERMISSIONS } from '../shared/permissions';
import { ROUTES } from '../shared/routes';
import { productRoutes } from './productRoutes';

const allBut = (key: string) =>
  PERMISSION_CATALOGUE.map((permission) => permission.name).filter((name) => name !== key);

function open(route: string, permissions: string[]) {
  return renderWithProviders(<LocationDisplay />, {
    route,
    // The app's root route shows this while a lazy screen loads.
    routes: [{ hydrateFallbackElement: <LoadingBlock />, children: productRoutes }],
    auth: { user: { ...testUser, permissions } },
  });
}

describe('product routes', () => {
  it.each([
    [ROUTES.brands, PERMISSIONS.brandsIndex],
    [`${ROUTES.brands}/add`, PERMISSIONS.brandsIndex],
    [`${ROUTES.brands}/4`, PERMISSIONS.brandsIndex],
    [ROUTES.categories, PERMISSIONS.categoriesIndex],
    [`${ROUTES.categories}/add`, PERMISSIONS.categoriesIndex],
    [`${ROUTES.categories}/4`, PERMISSIONS.categoriesIndex],
    [ROUTES.products, PERMISSIONS.productsIndex],
    [`${ROUTES.products}/add`, PERMISSIONS.productsIndex],
    [`${ROUTES.products}/100`, PERMISSIONS.productsIndex],
  ])('shows No access at %s to a user without %s', async (route, permission) => {
    const { requests } = fakeNetwork({});
    open(route, allBut(permission));
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it.each([
    [ROUTES.brands, 'Brand', 'GET /api/brands'],
    [ROUTES.categories, 'Category', 'GET /api/categories'],
  ])('opens the %s list, not a product called "brand" or "category"', async (route, heading, list) => {
    const { requestsTo } = fakeNetwork({ [list]: { body: listOf([]) } });
    open(route, [PERMISSIONS.brandsIndex, PERMISSIONS.categoriesIndex, PERMISSIONS.productsIndex]);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(requestsTo(list.split(' ')[1])).not.toHaveLength(0);
  });

  it('shows the product list to a user holding products.index', async () => {
    fakeNetwork({ ...catalogOptionRoutes, 'GET /api/products': { body: listOf([roadRunner]) } });
    open(ROUTES.products, [PERMISSIONS.productsIndex]);
    expect(await screen.findByText('Road Runner Pump')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No access' })).not.toBeInTheDocument();
  });
});
