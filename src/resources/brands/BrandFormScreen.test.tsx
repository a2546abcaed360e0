import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acme } from '../../../test/catalogFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { BrandFormScreen } from './BrandFormScreen';

function renderForm(route: string, network: Parameters<typeof fakeNetwork>[0] = {}) {
  const net = fakeNetwork(network);
  const view = renderWithProviders(<BrandFormScreen />, {
    // As the app routes it: the static add path, else the detail path with its `:id`.
    path: route.endsWith('/add') ? route : `${ROUTES.brands}/:id`,
    route,
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

describe('BrandFormScreen', () => {
  it('hints that an empty slug is made from the name, and the logo size, and sends the brand', async () => {
    const { actor, route, requestsTo, router } = renderForm(`${ROUTES.brands}/add`);
    route('POST /api/brands', {
      status: 201,
      body: { data: { ...acme, id: 3 }, message: 'Brand has been successfully created' },
    });
    expect(screen.getByText('Leave empty to make it from the name')).toBeInTheDocument();
    expect(screen.getByText(/^Recommended size 240 x 80 px, maximum file size/)).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(requestsTo('/api/brands')).toHaveLength(0);

    await actor.type(screen.getByLabelText(/^Name/), 'Road Works');
    await actor.type(screen.getByLabelText(/^Description/), 'Since 1949');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Brand has been successfully created')).toBeInTheDocument();
    expect(requestsTo('/api/brands')[0].body).toEqual({
      name: 'Road Works',
      slug: '',
      logo: null,
      description: 'Since 1949',
      status: 1,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROUTES.brands}/3`));
  });

  it("shows the server's message as a toast when the brand is still in use, and stays", async () => {
    const inUse = 'This Brand is used by 2 products';
    const { actor, router } = renderForm(`${ROUTES.brands}/${acme.id}`, {
      [`GET /api/brands/${acme.id}`]: { body: { data: acme } },
      [`DELETE /api/brands/${acme.id}`]: { status: 409, body: { message: inUse } },
    });
    await actor.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Are you sure you want to continue with this action?')).toBeInTheDocument();
    await actor.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    expect(screen.getAllByText(inUse)).toHaveLength(1);
    await waitFor(() =>
      expect(
        screen.queryByText('Are you sure you want to continue with this action?'),
      ).not.toBeInTheDocument(),
    );
    expect(router.state.location.pathname).toBe(`${ROUTES.brands}/${acme.id}`);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme');
  });

  it('deletes an unused brand and goes back to the list', async () => {
    const { actor, router } = renderForm(`${ROUTES.brands}/${acme.id}`, {
      [`GET /api/brands/${acme.id}`]: { body: { data: { ...acme, products_count: 0 } } },
      [`DELETE /api/brands/${acme.id}`]: {
        body: { data: acme, message: 'Brand has been successfully deleted' },
      },
    });
    await actor.click(await screen.findByRole('button', { name: 'Delete' }));
    await actor.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Brand has been successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.brands));
  });

  it('sets the breadcrumbs to Dashboard › Product › Brand › the brand name', async () => {
    const { store } = renderForm(`${ROUTES.brands}/${acme.id}`, {
      [`GET /api/brands/${acme.id}`]: { body: { data: acme } },
    });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Acme');
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Product', disabled: true },
      { label: 'Brand', path: ROUTES.brands },
      { label: 'Acme' },
    ]);
  });
});
