import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemColumn } from './listColumns';
import { useListUsersQuery } from '../../../store/usersApi';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { LocationDisplay, renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { statusColumn, createdColumn } from './fields/columns';
import type { User } from '../../shared/contracts/account';
import { formatDisplayDate } from '../../shared/formats';
import { en, LABELS, format } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import type { ListResponse } from '../../shared/resources/resource';
import { usersResource } from '../../shared/resources/users';
import { itemPath, ROUTES } from '../../shared/routes';
import { ResourceListPage } from './ResourceListPage';

/** A phone: every `max-width` query below the `sm` breakpoint matches (jsdom has no matchMedia). */
function phoneScreen(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && /max-width:\s*599/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}
const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const CREATED = '2026-11-20T10:00:00.000Z';
const user = (id: number, name: string, status: 0 | 1 = 1): User => ({
  ...testUser,
  id,
  name,
  status,
  email: `${name.toLowerCase()}@example.com`,
  phone_number: `+4470000000${id}`,
  created_at: CREATED,
});

const page = (rows: User[], total = rows.length): ListResponse<User> => ({
  data: rows,
  meta: { current_page: 1, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) },
});

const columns: ItemColumn<User>[] = [
  { field: 'name', headerName: LABELS.name, flex: 1 },
  { field: 'email', headerName: LABELS.email, flex: 1 },
  { field: 'phone_number', headerName: 'Phone', flex: 1 },
  statusColumn<User>(),
  createdColumn<User>(),
];

function network() {
  const net = fakeNetwork({
    'GET /api/users': { body: page([user(1, 'Ada'), user(2, 'Grace', 0)], 12) },
    'GET /api/roles/options': { body: { data: [{ id: 1, name: 'Administrator' }] } },
  });
  const fake = globalThis.fetch;
  const queries: URLSearchParams[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/users') queries.push(url.searchParams);
    return fake(request);
  };
  return { ...net, lastQuery: () => Object.fromEntries(queries[queries.length - 1]) };
}

function renderList(route: string = ROUTES.users) {
  return renderWithProviders(
    <ResourceListPage<User> contract={usersResource} useList={useListUsersQuery} columns={columns} />,
    {
      path: ROUTES.users,
      route,
      routes: [{ path: itemPath(ROUTES.users, ':id'), element: <LocationDisplay /> }],
      auth: { user: testUser },
    },
  );
}

beforeEach(() => localStorage.clear());

describe('ResourceListPage on a phone', () => {
  it('shows each row as a card with its key fields, status and date instead of the grid', async () => {
    phoneScreen(true);
    network();
    renderList();
    const cards = within(await screen.findByRole('list', { name: usersResource.item })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const grace = cards[1];
    expect(within(grace).getByRole('heading', { name: 'Grace' })).toBeInTheDocument();
    // Label / value pairs: e-mail, phone, the status chip and the created date.
    const terms = within(grace)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual([LABELS.email, 'Phone', LABELS.status, SETTINGS_MESSAGES.createdDate]);
    expect(within(grace).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(grace).getByText(en.notActive)).toBeInTheDocument();
    expect(within(grace).getByText(formatDisplayDate(CREATED))).toBeInTheDocument();
    expect(screen.getByText(/1–10 of 12/)).toBeInTheDocument();
  });

  it('opens the record from its card: a real link, reached with Tab and followed with Enter', async () => {
    phoneScreen(true);
    network();
    const { router } = renderList();
    const link = await screen.findByRole('link', { name: 'Grace' });
    expect(link).toHaveAttribute('href', itemPath(ROUTES.users, 2));
    const actor = userEvent.setup({ delay: null });
    link.focus();
    await actor.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.users, 2));
  });

  it('sorts with the Sort by select (only sortable columns) and pages below the cards', async () => {
    phoneScreen(true);
    const { lastQuery } = network();
    const { router } = renderList();
    await screen.findByRole('link', { name: 'Ada' });
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('combobox', { name: LIST_SCREEN_MESSAGES.sortBy }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    // Phone is not sortable in the contract.
    expect(options.map((option) => option.textContent)).not.toContain(
      format(LIST_SCREEN_MESSAGES.sortAscending, { label: 'Phone' }),
    );
    await actor.click(
      within(screen.getByRole('listbox')).getByRole('option', {
        name: format(LIST_SCREEN_MESSAGES.sortAscending, { label: LABELS.email }),
      }),
    );
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'email', order: 'asc' }));
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', sort: 'email' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'email',
      order: 'asc',
      page: '2',
    });
    // A new page size starts again at the first page.
    await actor.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await actor.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', per_page: '20', sort: 'email' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'email',
      order: 'asc',
      per_page: '20',
    });
  });

  it('folds the filters behind "Filters (n)", counting the filters set, search left in sight', async () => {
    phoneScreen(true);
    const { lastQuery } = network();
    renderList(`${ROUTES.users}?status=1&search=ad`);
    await screen.findByRole('link', { name: 'Ada' });
    expect(await screen.findByLabelText(LIST_SCREEN_MESSAGES.search)).toBeVisible();
    const button = screen.getByRole('button', {
      name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 1 }),
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: LABELS.status })).not.toBeInTheDocument();

    const actor = userEvent.setup({ delay: null });
    await actor.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('group', {
      name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 1 }),
    });
    expect(button).toHaveAttribute('aria-controls', region.id);
    // The count follows the filters: clearing them all says 0.
    await actor.click(within(region).getByRole('button', { name: LIST_SCREEN_MESSAGES.resetFilters }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' }),
    );
    expect(
      screen.getByRole('button', { name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 0 }) }),
    ).toBeInTheDocument();
    const folded = screen.getByRole('group', {
      name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 0 }),
    });
    await actor.click(within(folded).getByRole('combobox', { name: LABELS.status }));
    await actor.click(within(screen.getByRole('listbox')).getByText(en.active));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '1' }));
    await actor.keyboard('{Escape}');
    expect(
      await screen.findByRole('button', { name: format(LIST_SCREEN_MESSAGES.filtersCount, { count: 1 }) }),
    ).toBeInTheDocument();
  });

  it('shows the grid and the filters in a row on a wider screen', async () => {
    phoneScreen(false);
    network();
    renderList();
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: LABELS.status })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: usersResource.item })).not.toBeInTheDocument();
  });

  it('says what is filtered on a phone when nothing matches', async () => {
    phoneScreen(true);
    const { route } = network();
    route('GET /api/users', { body: page([]) });
    renderList(`${ROUTES.users}?search=zz`);
    expect(await screen.findByText('No user matches the search "zz".')).toBeInTheDocument();
  });
});
