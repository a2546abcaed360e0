import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemColumn } from './listColumns';
import { useImportUsersMutation, useListUsersQuery } from '../../../store/usersApi';
import { fakeNetwork, type Route } from '../../../test/fakeNetwork';
import { LocationDisplay, renderWithProviders, testUser } from '../../../test/renderWithProviders';
import type { User } from '../../shared/contracts/account';
import type { ListResponse } from '../../shared/resources/resource';
import { usersResource } from '../../shared/resources/users';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ResourceListPage } from './ResourceListPage';
import type { ResourceListPageProps } from './types';
import { en, LABELS } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const user = (id: number, name: string): User => ({
  ...testUser,
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
});

const page = (rows: User[], total = rows.length): ListResponse<User> => ({
  data: rows,
  meta: { current_page: 1, per_page: 10, total, last_page: Math.max(1, Math.ceil(total / 10)) },
});

const columns: ItemColumn<User>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'email', headerName: 'Email', flex: 1 },
  { field: 'phone_number', headerName: 'Phone', flex: 1 },
];

const ROLES = {
  data: [
    { id: 1, name: 'Administrator' },
    { id: 2, name: 'Editor' },
  ],
};

/** The fake network, recording the query string of each list request too. */
function network(list: Route = { body: page([user(1, 'Ada'), user(2, 'Grace')], 12) }) {
  const net = fakeNetwork({ 'GET /api/users': list, 'GET /api/roles/options': { body: ROLES } });
  const fake = globalThis.fetch;
  const queries: URLSearchParams[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === '/api/users') queries.push(url.searchParams);
    return fake(request);
  };
  return { ...net, queries, lastQuery: () => Object.fromEntries(queries[queries.length - 1]) };
}

function renderList(
  props: Partial<ResourceListPageProps<User>> = {},
  { permissions = testUser.permissions, route = ROUTES.users as string } = {},
) {
  return renderWithProviders(
    <ResourceListPage<User>
      contract={usersResource}
      useList={useListUsersQuery}
      columns={columns}
      importMutation={useImportUsersMutation}
      disableVirtualization
      {...props}
    />,
    {
      path: ROUTES.users,
      route,
      routes: [{ path: itemPath(ROUTES.users, ':id'), element: <LocationDisplay /> }],
      auth: { user: { ...testUser, permissions } },
    },
  );
}

const search = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

beforeEach(() => localStorage.clear());

describe('ResourceListPage', () => {
  it('requests the first page with the default sort, and takes its title and breadcrumbs from the contract', async () => {
    const { lastQuery } = network();
    const { store, router } = renderList();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText(/1–10 of 12/)).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' });
    expect(screen.getByRole('heading', { name: usersResource.item })).toBeInTheDocument();
    expect(store.getState().breadcrumbs).toEqual([
      { label: en.dashboard, path: '/' },
      { label: SETTINGS_MESSAGES.setting, disabled: true },
      { label: usersResource.item },
    ]);
    // Defaults stay out of the URL.
    expect(router.state.location.search).toBe('');
  });

  it('holds the search and filters in place with their values until the first paint, then makes them live', async () => {
    network();
    renderList({}, { route: `${ROUTES.users}?search=ada&date_from=2026-01-05` });
    // The first frame: plain stand-ins with the list's words, nothing to type in yet.
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: LABELS.status })).not.toBeInTheDocument();
    for (const text of ['ada', '05 Jan 2026', LIST_SCREEN_MESSAGES.dateTo, LABELS.role]) {
      expect(screen.getByText(text)).toHaveAttribute('aria-hidden', 'true');
    }
    // Then the controls, holding the same values.
    expect(await screen.findByRole('searchbox', { name: LIST_SCREEN_MESSAGES.search })).toHaveValue('ada');
    expect(await screen.findByRole('combobox', { name: LABELS.status })).toBeInTheDocument();
    // The date picker (its field: a group of day, month and year), in once its chunk is.
    expect(await screen.findByRole('group', { name: LIST_SCREEN_MESSAGES.dateFrom })).toHaveTextContent(
      '05 Jan 2026',
    );
    expect(screen.queryByText('ada')).not.toBeInTheDocument();
  });

  it('sends the debounced search, the status filter and a sort, and keeps them in the URL', async () => {
    const { lastQuery, queries } = network();
    const { router } = renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });

    await actor.type(await screen.findByLabelText(LIST_SCREEN_MESSAGES.search), 'ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'ada', page: '1' }));
    const afterSearch = queries.length;

    await actor.click(screen.getByRole('combobox', { name: LABELS.status }));
    await actor.click(within(screen.getByRole('listbox')).getByText(en.active));
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'ada', status: '1' }));
    expect(queries.length).toBeGreaterThan(afterSearch);
    await actor.keyboard('{Escape}');

    await actor.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'name', order: 'asc' }));
    // Phone is not in the contract's sortable columns.
    await actor.click(screen.getByRole('columnheader', { name: /Phone/ }));
    expect(lastQuery()).toMatchObject({ sort: 'name' });
    expect(search(router)).toEqual({ search: 'ada', status: '1', sort: 'name', order: 'asc' });
  });

  it('asks for the next page and the chosen page size', async () => {
    const { lastQuery } = network();
    const { router } = renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', per_page: '10' }));
    expect(search(router)).toEqual({ page: '2' });
    await actor.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await actor.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', per_page: '50' }));
  });

  it('opens on the page, sort and search of its URL (a shared link)', async () => {
    const { lastQuery } = network();
    renderList({}, { route: `${ROUTES.users}?page=2&per_page=20&sort=email&order=asc&search=gr` });
    await screen.findByText('Ada');
    expect(lastQuery()).toEqual({ page: '2', per_page: '20', sort: 'email', order: 'asc', search: 'gr' });
    expect(await screen.findByLabelText(LIST_SCREEN_MESSAGES.search)).toHaveValue('gr');
  });

  it('keeps the page chosen right after a sort: the grid does not send it back to page 1 a moment later', async () => {
    const { lastQuery, queries } = network();
    const { router } = renderList({}, { route: `${ROUTES.users}?page=2&sort=email&order=asc` });
    await screen.findByText('Ada');
    // A sort and a page chosen before the sort was drawn (a user's quick clicks on a busy
    // machine) reach the grid in one render: a new sort on page 2.
    await act(() => router.navigate(`${ROUTES.users}?page=2&sort=name&order=asc`, { replace: true }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '2', per_page: '10', sort: 'name', order: 'asc' }),
    );
    // The grid's own move to the first page came a timer or two after the sort.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(search(router)).toEqual({ page: '2', sort: 'name', order: 'asc' });
    expect(queries.map((query) => query.get('page'))).not.toContain('1');
  });

  it('shows the last page instead of one past the end (a shared link, rows deleted since)', async () => {
    const { lastQuery } = network();
    const { router } = renderList({}, { route: `${ROUTES.users}?page=5` });
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    await waitFor(() => expect(search(router)).toEqual({ page: '2' }));
  });

  it('comes back to the page, sort and search it was left on, by Back from the detail page', async () => {
    const { lastQuery } = network();
    const { router } = renderList({}, { route: `${ROUTES.users}?search=a` });
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', search: 'a' }));
    await actor.click(screen.getByRole('link', { name: 'Grace' }));
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.users, 2));
    // The detail page knows the list to return to.
    expect(router.state.location.state).toEqual({ from: `${ROUTES.users}?page=2&search=a` });

    await act(() => router.navigate(-1));
    await screen.findByText('Ada');
    expect(search(router)).toEqual({ search: 'a', page: '2' });
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', search: 'a' }));
  });

  it('sends a date preset as date_from / date_to and goes back to page 1', async () => {
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    await actor.click(await screen.findByRole('button', { name: LIST_SCREEN_MESSAGES.datePresets }));
    await actor.click(screen.getByRole('menuitem', { name: SCREEN_TEXT.today }));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', date_from: iso, date_to: iso }));
  });

  it('keeps the status selection per list across a remount, and Reset filters clears it', async () => {
    localStorage.setItem(STORAGE_KEYS.filterStatus, JSON.stringify({ roles: [1] }));
    const { lastQuery } = network();
    const first = renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByRole('combobox', { name: LABELS.status }));
    await actor.click(within(screen.getByRole('listbox')).getByText(en.notActive));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '0' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? '{}')).toEqual({
      roles: [1],
      users: [0],
    });
    first.unmount();

    // A fresh visit without the filter in its URL: the stored selection applies, and is mirrored there.
    const second = renderList();
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '0' }));
    await waitFor(() => expect(search(second.router)).toEqual({ status: '0' }));
    await actor.click(await screen.findByRole('button', { name: LIST_SCREEN_MESSAGES.resetFilters }));
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? '{}')).toEqual({ roles: [1] });
    expect(second.router.state.location.search).toBe('');
  });

  it('applies a stored role filter and drops a value the role options no longer offer', async () => {
    localStorage.setItem(STORAGE_KEYS.filterRoles, JSON.stringify({ users: [2, 99] }));
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ role_ids: '2' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterRoles) ?? '{}')).toEqual({ users: [2] }),
    );
    expect(await screen.findByRole('combobox', { name: LABELS.role })).toHaveTextContent('Editor');
  });

  it('lets the URL win over a stored filter, and stores what the URL says', async () => {
    localStorage.setItem(STORAGE_KEYS.filterRoles, JSON.stringify({ users: [1] }));
    const { lastQuery } = network();
    renderList({}, { route: `${ROUTES.users}?role_ids=2` });
    await screen.findByText('Ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ role_ids: '2' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterRoles) ?? '{}')).toEqual({ users: [2] }),
    );
  });

  it('drops malformed stored filters and a malformed URL', async () => {
    localStorage.setItem(STORAGE_KEYS.filterStatus, '{not json');
    const { lastQuery } = network();
    const { router } = renderList({}, { route: `${ROUTES.users}?page=abc&sort=password_hash&status=7` });
    await screen.findByText('Ada');
    expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' });
    expect(localStorage.getItem(STORAGE_KEYS.filterStatus)).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('makes the first column a real link to the row, and opens a row on click', async () => {
    network();
    const { router } = renderList();
    expect(await screen.findByRole('link', { name: 'Grace' })).toHaveAttribute(
      'href',
      itemPath(ROUTES.users, 2),
    );
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByText('grace@example.com'));
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.users, 2));
  });

  it('opens the row of a focused cell on Enter', async () => {
    network();
    const { router } = renderList();
    const cell = (await screen.findByText('grace@example.com')).closest('[role="gridcell"]') as HTMLElement;
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.users, 2));
  });

  it('says what is filtered when nothing matches, and offers to reset the filters or add one', async () => {
    const { lastQuery, route } = network();
    renderList({}, { route: `${ROUTES.users}?search=zz&status=0` });
    route('GET /api/users', { body: page([]) });
    expect(
      await screen.findByText(`No user matches the search "zz" and ${LABELS.status}: ${en.notActive}.`),
    ).toBeInTheDocument();
    const overlay = screen.getByRole('status');
    expect(within(overlay).getByRole('link', { name: SCREEN_TEXT.addNew })).toHaveAttribute(
      'href',
      addPath(ROUTES.users),
    );
    const actor = userEvent.setup({ delay: null });
    await actor.click(within(overlay).getByRole('button', { name: LIST_SCREEN_MESSAGES.resetFilters }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' }),
    );
  });

  it('says there is nothing yet when an unfiltered list is empty', async () => {
    network({ body: page([]) });
    renderList({}, { permissions: ['users.index'] });
    expect(await screen.findByText('No user has been added yet.')).toBeInTheDocument();
    // Without users.store there is nothing to offer.
    expect(
      within(screen.getByRole('status')).queryByRole('link', { name: SCREEN_TEXT.addNew }),
    ).not.toBeInTheDocument();
  });

  it("puts an empty grid's message in a row of one cell: a grid owns rows only", async () => {
    network({ body: page([]) });
    renderList({}, { permissions: ['users.index'] });
    const message = await screen.findByText('No user has been added yet.');
    const cell = message.closest('[role="gridcell"]');
    expect(cell?.parentElement).toHaveAttribute('role', 'row');
    expect(cell?.closest('[role="grid"]')).toBe(screen.getByRole('grid'));
  });

  it('shows Export, Import and Add New to a user holding the permissions', async () => {
    network();
    renderList();
    await screen.findByText('Ada');
    expect(screen.getByRole('button', { name: SCREEN_TEXT.export })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCREEN_TEXT.import })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SCREEN_TEXT.addNew })).toHaveAttribute(
      'href',
      addPath(ROUTES.users),
    );
  });

  it('hides Import and Add New without users.store, and Export without users.index', async () => {
    network();
    const { unmount } = renderList({}, { permissions: ['users.index'] });
    await screen.findByText('Ada');
    expect(screen.getByRole('button', { name: SCREEN_TEXT.export })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SCREEN_TEXT.import })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: SCREEN_TEXT.addNew })).not.toBeInTheDocument();
    unmount();

    renderList({}, { permissions: ['users.store'] });
    await screen.findByText('Ada');
    expect(screen.queryByRole('button', { name: SCREEN_TEXT.export })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCREEN_TEXT.import })).toBeInTheDocument();
  });

  it('keeps the previous rows on screen while the next page loads', async () => {
    let release: () => void = () => undefined;
    const { route } = network();
    renderList();
    await screen.findByText('Ada');
    route(
      'GET /api/users',
      () => new Promise((resolve) => (release = () => resolve({ body: page([user(3, 'Linus')], 12) }))),
    );
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getByText('Ada')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('Linus')).toBeInTheDocument();
  });
});
