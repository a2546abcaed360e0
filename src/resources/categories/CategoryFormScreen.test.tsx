import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pumps } from '../../../test/catalogFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { CategoryFormScreen } from './CategoryFormScreen';

function renderForm(route: string, network: Parameters<typeof fakeNetwork>[0] = {}) {
  const net = fakeNetwork(network);
  const view = renderWithProviders(<CategoryFormScreen />, {
    // As the app routes it: the static add path, else the detail path with its `:id`.
    path: route.endsWith('/add') ? route : `${ROUTES.categories}/:id`,
    route,
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

describe('CategoryFormScreen', () => {
  it('creates a category with its slug and status', async () => {
    const { actor, route, requestsTo } = renderForm(`${ROUTES.categories}/add`);
    route('POST /api/categories', {
      status: 201,
      body: { data: { ...pumps, id: 12 }, message: 'Category has been successfully created' },
    });
    expect(screen.getByText(/^Recommended size 600 x 400 px, maximum file size/)).toBeInTheDocument();
    await actor.type(screen.getByLabelText(/^Name/), 'Hoses');
    await actor.type(screen.getByLabelText(/^Slug/), 'garden-hoses');
    await actor.click(screen.getByRole('combobox', { name: /Status/ }));
    await actor.click(await screen.findByRole('option', { name: 'Not Active' }));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category has been successfully created')).toBeInTheDocument();
    expect(requestsTo('/api/categories')[0].body).toEqual({
      name: 'Hoses',
      slug: 'garden-hoses',
      image: null,
      description: null,
      status: 0,
    });
  });

  it("shows the server's message as a toast when the category is still in use", async () => {
    const inUse = 'This Category is used by 1 product';
    const { actor, router } = renderForm(`${ROUTES.categories}/${pumps.id}`, {
      [`GET /api/categories/${pumps.id}`]: { body: { data: pumps } },
      [`DELETE /api/categories/${pumps.id}`]: { status: 409, body: { message: inUse } },
    });
    await actor.click(await screen.findByRole('button', { name: 'Delete' }));
    await actor.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect(await screen.findByText(inUse)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`${ROUTES.categories}/${pumps.id}`);
  });
});
