import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { useImportUsersMutation, useListUsersQuery } from '../../../store/usersApi';
import { fakeNetwork, type Route } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import type { User } from '../../shared/contracts/account';
import type { ListResponse } from '../../shared/resources/resource';
import { usersResource } from '../../shared/resources/users';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ResourceListPage } from './ResourceListPage';
import type { ListFilterConfig, ResourceListPageProps } from './types';
import { en } from '../../shared/messages';

const user = (id: number, name: string): User => ({
  ...testUser,
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
});

const page = (rows: User[], total = rows.length): ListResponse<User> => ({
  data: rows,
  meta: { current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) },
});

const columns: GridColDef<User>[] = [
  { field: 'name', headerName: 'Name', flex: 1 },
  { field: 'email', headerName: 'Email', flex: 1 },
  { field: 'phone_number', headerName: 'Phone', flex: 1 },
];

const roleFilter = (options: ListFilterConfig['options']): ListFilterConfig => ({
  param: 'role_ids',
  label: 'Role',
  storageKey: STORAGE_KEYS.filterRoles,
  options,
});

/** The fake network, recording the query string of each list request too. */
function network(list: Route = { body: page([user(1, 'Ada'), user(2, 'Grace')], 12) }) {
  const net = fakeNetwork({ 'GET /api/users': list });
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

function renderList(props: Partial<ResourceListPageProps<User>> = {}, permissions = testUser.permissions) {
  return renderWithProviders(
    <ResourceListPage<User>
      contract={usersResource}
      title="Users"
      useList={useListUsersQuery}
      columns={columns}
      addPath={addPath(ROUTES.users)}
      rowPath={(row) => itemPath(ROUTES.users, row.id)}
      importMutation={useImportUsersMutation}
      disableVirtualization
      {...props}
    />,
    { path: ROUTES.users, auth: { user: { ...testUser, permissions } } },
  );
}

beforeEach(() => localStorage.clear());

describe('ResourceListPage', () => {
  it('requests the first page with the default sort and renders the rows and the total', async () => {
    const { lastQuery } = network();
    const { store } = renderList();
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText(/1–10 of 12/)).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', per_page: '10', sort: 'created_at', order: 'desc' });
    expect(store.getState().breadcrumbs).toEqual([{ label: en.dashboard, path: '/' }, { label: en.users }]);
  });

  it('sends the debounced search, the status filter and a sort on a sortable column', async () => {
    const { lastQuery, queries } = network();
    renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });

    await actor.type(screen.getByLabelText(en.search), 'ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'ada', page: '1' }));
    const afterSearch = queries.length;

    await actor.click(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(within(screen.getByRole('listbox')).getByText(en.active));
    await waitFor(() => expect(lastQuery()).toMatchObject({ search: 'ada', status: '1' }));
    expect(queries.length).toBeGreaterThan(afterSearch);
    await actor.keyboard('{Escape}');

    await actor.click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'name', order: 'asc' }));
    // Phone is not in the contract's sortable columns.
    await actor.click(screen.getByRole('columnheader', { name: /Phone/ }));
    expect(lastQuery()).toMatchObject({ sort: 'name' });
  });

  it('asks for the next page and the chosen page size', async () => {
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', per_page: '10' }));
    await actor.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await actor.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ per_page: '50' }));
  });

  it('sends a date preset as date_from / date_to and goes back to page 1', async () => {
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Ada');
    const actor = userEvent.setup({ delay: null });
    await actor.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2' }));
    await actor.click(screen.getByRole('button', { name: en.datePresets }));
    await actor.click(screen.getByRole('menuitem', { name: en.today }));
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
    await actor.click(screen.getByRole('combobox', { name: 'Status' }));
    await actor.click(within(screen.getByRole('listbox')).getByText(en.notActive));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '0' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? '{}')).toEqual({
      roles: [1],
      users: [0],
    });
    first.unmount();

    renderList();
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: '0' }));
    await actor.click(await screen.findByRole('button', { name: en.resetFilters }));
    await waitFor(() => expect(lastQuery().status).toBeUndefined());
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? '{}')).toEqual({ roles: [1] });
  });

  it('applies a stored own-filter selection and drops a value the options no longer offer', async () => {
    localStorage.setItem(STORAGE_KEYS.filterRoles, JSON.stringify({ users: [2, 99] }));
    const { lastQuery } = network();
    const options = [
      { id: 1, label: 'Administrator' },
      { id: 2, label: 'Editor' },
    ];
    renderList({ filters: [roleFilter(options)] });
    await screen.findByText('Ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ role_ids: '2' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterRoles) ?? '{}')).toEqual({ users: [2] });
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Editor');
  });

  it('drops malformed stored filters', async () => {
    localStorage.setItem(STORAGE_KEYS.filterStatus, '{not json');
    const { lastQuery } = network();
    renderList();
    await screen.findByText('Ada');
    expect(lastQuery().status).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.filterStatus)).toBeNull();
  });

  it('navigates to the row on click', async () => {
    network();
    const { router } = renderList();
    const actor = userEvent.setup({ delay: null });
    await actor.click(await screen.findByText('Grace'));
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.users, 2));
  });

  it('shows Export, Import and Add New to a user holding the permissions', async () => {
    network();
    renderList();
    await screen.findByText('Ada');
    expect(screen.getByRole('button', { name: en.export })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.import })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.addNew })).toHaveAttribute('href', addPath(ROUTES.users));
  });

  it('hides Import and Add New without users.store, and Export without users.index', async () => {
    network();
    const { unmount } = renderList({}, ['users.index']);
    await screen.findByText('Ada');
    expect(screen.getByRole('button', { name: en.export })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.import })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.addNew })).not.toBeInTheDocument();
    unmount();

    renderList({}, ['users.store']);
    await screen.findByText('Ada');
    expect(screen.queryByRole('button', { name: en.export })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.import })).toBeInTheDocument();
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
