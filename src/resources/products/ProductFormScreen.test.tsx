import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IAllProps } from '@tinymce/tinymce-react';
import { acme, catalogOptionRoutes, globex, pumps, roadRunner, valves } from '../../../test/catalogFixtures';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { en } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { PERMISSIONS } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { ProductFormScreen } from './ProductFormScreen';

// jsdom cannot run TinyMCE (an iframe editor); a textarea receiving the same props stands in for it.
jest.mock('@tinymce/tinymce-react', () => ({
  Editor: (props: IAllProps) => (
    <textarea
      id={props.id}
      disabled={props.disabled}
      value={props.value}
      onChange={(event) => props.onEditorChange?.(event.target.value, undefined as never)}
      onBlur={(event) => props.onBlur?.(event as never, undefined as never)}
    />
  ),
}));

const ADD = `${ROUTES.products}/add`;

/** Mounted as the app routes it: the static add path, else the detail path with its `:id`. */
function renderForm(
  route: string,
  network: Parameters<typeof fakeNetwork>[0] = {},
  permissions = testUser.permissions,
) {
  const net = fakeNetwork({ ...catalogOptionRoutes, ...network });
  const view = renderWithProviders(<ProductFormScreen />, {
    path: route === ADD ? ADD : `${ROUTES.products}/:id`,
    route,
    auth: { user: { ...testUser, permissions } },
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

type Actor = ReturnType<typeof userEvent.setup>;

/** Types a whole text at once: the product form validates every field on each change. */
async function fill(actor: Actor, field: HTMLElement, text: string) {
  await actor.click(field);
  await actor.paste(text);
}

async function choose(actor: Actor, select: RegExp, option: string) {
  await actor.click(screen.getByRole('combobox', { name: select }));
  await actor.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: option }));
}

const posts = (requests: { method: string; path: string; body: unknown }[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/api/products');

describe('ProductFormScreen', () => {
  it('shows the required messages of the contract and sends nothing', async () => {
    const { actor, requests } = renderForm(ADD);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Brand is required')).toBeInTheDocument();
    expect(screen.getByText('Category is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toBeInvalid();
    expect(posts(requests)).toHaveLength(0);
  });

  it('refuses a malformed slug with the contract message', async () => {
    const { actor } = renderForm(ADD);
    await fill(actor, screen.getByLabelText(/^Slug/), 'Not A Slug');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Slug may contain only lowercase letters a-z, digits and single dashes'),
    ).toBeInTheDocument();
  });

  it('creates a product with its brand, category, rich text and SEO fields, then opens it', async () => {
    const { actor, route, requests, router } = renderForm(ADD);
    route('POST /api/products', {
      status: 201,
      body: { data: { ...roadRunner, id: 101 }, message: 'Product has been successfully created' },
    });
    expect(screen.getByText('Leave empty to make it from the name')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'SEO' })).toBeInTheDocument();

    await fill(actor, screen.getByLabelText(/^Name/), '  Coyote Valve ');
    await choose(actor, /^Brand/, `${globex.name} (${en.notActive})`);
    await choose(actor, /^Category/, valves.name);
    await fill(actor, screen.getByLabelText(/^Model/), 'CV-2');
    await fill(actor, await screen.findByLabelText('Overview'), '<p>Tight</p>');
    await fill(actor, screen.getByLabelText('Meta Title'), 'Coyote Valve');
    await actor.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Product has been successfully created')).toBeInTheDocument();
    expect(posts(requests).map((request) => request.body)).toEqual([
      {
        name: 'Coyote Valve',
        slug: '',
        brand_id: globex.id,
        other_brand: null,
        category_id: valves.id,
        model: 'CV-2',
        function: null,
        specification: null,
        overview: '<p>Tight</p>',
        application: null,
        image: null,
        mobile_image: null,
        document: null,
        catalogue: null,
        status: 1,
        meta_title: 'Coyote Valve',
        meta_description: null,
        meta_keyword: null,
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${ROUTES.products}/101`));
  });

  it('accepts another brand instead of one from the list', async () => {
    const { actor, route, requests } = renderForm(ADD);
    route('POST /api/products', {
      status: 201,
      body: { data: { ...roadRunner, id: 102 }, message: 'Product has been successfully created' },
    });
    await fill(actor, screen.getByLabelText(/^Name/), 'Generic Hose');
    await fill(actor, screen.getByLabelText(/^Other Brand/), 'Wile E. Works');
    await choose(actor, /^Category/, pumps.name);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product has been successfully created')).toBeInTheDocument();
    expect(posts(requests)[0].body).toMatchObject({ brand_id: null, other_brand: 'Wile E. Works' });
  });

  it('puts a 422 on its fields', async () => {
    const { actor, route } = renderForm(ADD);
    route('POST /api/products', {
      status: 422,
      body: { message: 'Slug has already been taken', errors: { slug: ['Slug has already been taken'] } },
    });
    await fill(actor, screen.getByLabelText(/^Name/), 'Road Runner Pump');
    await fill(actor, screen.getByLabelText(/^Slug/), 'road-runner-pump');
    await choose(actor, /^Brand/, acme.name);
    await choose(actor, /^Category/, pumps.name);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText(/^Slug/)).toBeInvalid());
    expect(screen.getAllByText('Slug has already been taken').length).toBeGreaterThan(0);
  });

  it('loads a product with its files and saves it with the updated_at it loaded', async () => {
    const { actor, requestsTo, store } = renderForm(`${ROUTES.products}/${roadRunner.id}`, {
      [`GET /api/products/${roadRunner.id}`]: { body: { data: roadRunner } },
      [`PUT /api/products/${roadRunner.id}`]: {
        body: { data: roadRunner, message: 'Product has been successfully updated' },
      },
    });
    expect(await screen.findByRole('link', { name: 'rr-1.pdf' })).toHaveAttribute(
      'href',
      '/uploads/rr-1.pdf',
    );
    expect(screen.getByRole('combobox', { name: /^Brand/ })).toHaveTextContent('Acme');
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveTextContent('Pumps');
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Product', path: ROUTES.products },
      { label: 'Road Runner Pump' },
    ]);
    await actor.clear(screen.getByLabelText('Meta Title'));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product has been successfully updated')).toBeInTheDocument();
    const [put] = requestsTo(`/api/products/${roadRunner.id}`).filter((request) => request.method === 'PUT');
    expect(put.body).toEqual(
      expect.objectContaining({
        brand_id: acme.id,
        category_id: pumps.id,
        catalogue: 55,
        overview: '<p>Fast</p>',
        meta_title: null,
        updated_at: roadRunner.updated_at,
      }),
    );
  });

  it('lets a user holding only products keys pick a brand and a category from the options', async () => {
    const { actor, route, requests, requestsTo } = renderForm(ADD, {}, [
      PERMISSIONS.productsIndex,
      'products.store',
    ]);
    route('POST /api/products', {
      status: 201,
      body: { data: { ...roadRunner, id: 103 }, message: 'Product has been successfully created' },
    });
    await fill(actor, screen.getByLabelText(/^Name/), 'Acme Sprinkler');
    await actor.click(screen.getByRole('combobox', { name: /^Brand/ }));
    const brands = within(await screen.findByRole('listbox'));
    expect((await brands.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      CATALOGUE_MESSAGES.noBrand,
      acme.name,
      // A switched-off brand stays selectable but says so.
      `${globex.name} (${en.notActive})`,
    ]);
    await actor.click(brands.getByRole('option', { name: acme.name }));
    await choose(actor, /^Category/, valves.name);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product has been successfully created')).toBeInTheDocument();
    expect(posts(requests)[0].body).toMatchObject({ brand_id: acme.id, category_id: valves.id });
    expect(requestsTo('/api/brands')).toHaveLength(0);
    expect(requestsTo('/api/categories')).toHaveLength(0);
  });
});
