import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acme, catalogOptionRoutes, globex, pumps, roadRunner, valves } from '../../../test/catalogFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { listOf } from '../../../test/settingFixtures';
import { PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ProductListScreen } from './ProductListScreen';

/** The fake network with the product list and the filter options, recording each list query. */
function network() {
  const net = fakeNetwork({ ...catalogOptionRoutes, 'GET /api/products': { body: listOf([roadRunner]) } });
  const fake = globalThis.fetch;
  const queries: Record<string, string>[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/products') queries.push(Object.fromEntries(url.searchParams));
    return fake(request);
  };
  return { ...net, queries, lastQuery: () => queries[queries.length - 1] ?? {} };
}

const renderList = (permissions = testUser.permissions) =>
  renderWithProviders(<ProductListScreen />, {
    path: ROUTES.products,
    auth: { user: { ...testUser, permissions } },
  });

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

async function pick(filter: string, option: string) {
  const actor = userEvent.setup({ delay: null });
  await actor.click(await screen.findByRole('combobox', { name: filter }));
  await actor.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
  await actor.keyboard('{Escape}');
}

describe('ProductListScreen', () => {
  beforeEach(() => localStorage.clear());

  it('lists products with their brand and category under Dashboard › Product', async () => {
    network();
    const { store } = renderList();
    expect(await screen.findByText('Road Runner Pump')).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Pumps')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', `${ROUTES.products}/add`);
    expect(store.getState().breadcrumbs).toEqual([{ label: 'Dashboard', path: '/' }, { label: 'Product' }]);
  });

  it('offers the brands and categories the API lists as filter options', async () => {
    const { requestsTo } = network();
    renderList();
    await screen.findByText('Road Runner Pump');
    const actor = userEvent.setup({ delay: null });

    await actor.click(await screen.findByRole('combobox', { name: 'Brand' }));
    const brands = within(await screen.findByRole('listbox'));
    expect((await brands.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      acme.name,
      globex.name,
    ]);
    await actor.keyboard('{Escape}');

    await actor.click(screen.getByRole('combobox', { name: 'Category' }));
    const categories = within(await screen.findByRole('listbox'));
    expect((await categories.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      pumps.name,
      valves.name,
    ]);
    expect(requestsTo('/api/brands/options')).toHaveLength(1);
    expect(requestsTo('/api/categories/options')).toHaveLength(1);
  });

  it('filters by brand and category, keeps them under filter:brands / filter:categories, and restores them after a remount', async () => {
    const { lastQuery } = network();
    const first = renderList();
    await screen.findByText('Road Runner Pump');

    await pick('Brand', 'Globex');
    await waitFor(() => expect(lastQuery()).toMatchObject({ brand_ids: String(globex.id), page: '1' }));
    await pick('Category', 'Valves');
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ brand_ids: String(globex.id), category_ids: String(valves.id) }),
    );
    expect(stored(STORAGE_KEYS.filterBrands)).toEqual({ products: [globex.id] });
    expect(stored(STORAGE_KEYS.filterCategories)).toEqual({ products: [valves.id] });
    first.unmount();

    renderList();
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ brand_ids: String(globex.id), category_ids: String(valves.id) }),
    );
    expect(await screen.findByRole('combobox', { name: 'Brand' })).toHaveTextContent('Globex');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Valves');
  });

  it('drops a stored brand the API no longer lists, keeping the others and other lists’ entries', async () => {
    localStorage.setItem(
      STORAGE_KEYS.filterBrands,
      JSON.stringify({ products: [acme.id, 999], promotions: [999] }),
    );
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Road Runner Pump');
    await waitFor(() => expect(lastQuery()).toMatchObject({ brand_ids: String(acme.id) }));
    expect(stored(STORAGE_KEYS.filterBrands)).toEqual({ products: [acme.id], promotions: [999] });
    expect(await screen.findByRole('combobox', { name: 'Brand' })).toHaveTextContent('Acme');
  });

  it('keeps the status selection under filter:status for the product list', async () => {
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Road Runner Pump');
    await pick('Status', 'Not Active');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '0' }));
    expect(stored(STORAGE_KEYS.filterStatus)).toEqual({ products: [0] });
  });

  it('sorts by brand, then category, on the server', async () => {
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Road Runner Pump');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('columnheader', { name: /Brand/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'brand', order: 'asc' }));
    await actor.click(screen.getByRole('columnheader', { name: /Category/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'category', order: 'asc' }));
  });

  it('offers the brand and category filters to a user holding only products.index, from the options routes', async () => {
    const { requestsTo } = network();
    renderList([PERMISSIONS.productsIndex]);
    await screen.findByText('Road Runner Pump');
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: 'Brand' }));
    const brands = within(await screen.findByRole('listbox'));
    expect((await brands.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      acme.name,
      globex.name,
    ]);
    await actor.keyboard('{Escape}');
    await pick('Category', 'Pumps');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Pumps');
    // The brand and category lists themselves need brands.index / categories.index: never asked for.
    expect(requestsTo('/api/brands')).toHaveLength(0);
    expect(requestsTo('/api/categories')).toHaveLength(0);
  });

  it('keeps a stored brand beyond the first hundred: the options are not paged', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      id: i + 1,
      name: `Brand ${String(i + 1).padStart(3, '0')}`,
      status: 1 as const,
    }));
    localStorage.setItem(STORAGE_KEYS.filterBrands, JSON.stringify({ products: [150] }));
    const { lastQuery, route } = network();
    route('GET /api/brands/options', { body: { data: many } });
    renderList();
    await screen.findByText('Road Runner Pump');
    await waitFor(() => expect(lastQuery()).toMatchObject({ brand_ids: '150' }));
    expect(await screen.findByRole('combobox', { name: 'Brand' })).toHaveTextContent('Brand 150');
    expect(stored(STORAGE_KEYS.filterBrands)).toEqual({ products: [150] });
  });
});
