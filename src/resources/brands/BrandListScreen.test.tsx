import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acme, globex } from '../../../test/catalogFixtures';
import { fakeNetwork, TEST_HOST } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { listOf } from '../../../test/settingFixtures';
import { ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { BrandListScreen } from './BrandListScreen';

describe('BrandListScreen', () => {
  beforeEach(() => localStorage.clear());

  it('lists brands under Dashboard › Product › Brand with Add New', async () => {
    fakeNetwork({ 'GET /api/brands': { body: listOf([acme, globex]) } });
    const { store } = renderWithProviders(<BrandListScreen />, { path: ROUTES.brands });
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('Globex')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', `${ROUTES.brands}/add`);
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Product', disabled: true },
      { label: 'Brand' },
    ]);
  });

  it('keeps the status filter of the brand list under filter:status', async () => {
    fakeNetwork({ 'GET /api/brands': { body: listOf([acme]) } });
    renderWithProviders(<BrandListScreen />, { path: ROUTES.brands });
    await screen.findByText('Acme');
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: 'Status' }));
    await actor.click(within(screen.getByRole('listbox')).getByText('Active'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? '{}')).toEqual({ brands: [1] });
  });

  it('downloads the brand import template from the Import dialog with the Bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    fakeNetwork({ 'GET /api/brands': { body: listOf([acme]) } });
    const list = globalThis.fetch;
    const templates: Request[] = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (!request.url.includes('/import-template')) return list(request);
      templates.push(request);
      return new Response('Name,Slug,Description,Status\n', {
        headers: { 'content-disposition': 'attachment; filename="brands-template.csv"' },
      });
    };
    URL.createObjectURL = jest.fn(() => 'blob:brands');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderWithProviders(<BrandListScreen />, { path: ROUTES.brands });
    await screen.findByText('Acme');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Import Brand' }));
    await actor.click(dialog.getByRole('button', { name: 'CSV template' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(templates.map((request) => request.url)).toEqual([
      `${TEST_HOST}/api/brands/import-template?format=csv`,
    ]);
    expect(templates[0].headers.get('authorization')).toBe('Bearer token-1');
    click.mockRestore();
  });
});
