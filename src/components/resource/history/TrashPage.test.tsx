import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemColumn } from '../listColumns';
import { useListUsersQuery } from '../../../../store/usersApi';
import { fakeNetwork } from '../../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../../test/renderWithProviders';
import type { User } from '../../../shared/contracts/account';
import { LIST_SCREEN_MESSAGES } from '../../../shared/messages/listScreens';
import { historyText } from '../../../shared/messages/historyScreens';
import { usersResource } from '../../../shared/resources/users';
import { ROUTES, trashPath } from '../../../shared/routes';
import { ResourceListPage } from '../ResourceListPage';

const columns: ItemColumn<User>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];
const EMPTY_LIST = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };
const TRASH = {
  data: [
    {
      id: 5,
      title: 'Grace Hopper',
      deleted_at: '2024-02-01T10:00:00.000Z',
      deleted_by: { id: 1, name: 'Ada Lovelace' },
    },
    { id: 6, title: 'Alan Turing', deleted_at: '2024-02-02T10:00:00.000Z', deleted_by: null },
  ],
  meta: { page: 1, per_page: 20, total: 2, retention_days: 14 },
};

const renderPage = (route: string, permissions = testUser.permissions) =>
  renderWithProviders(
    <ResourceListPage<User>
      contract={usersResource}
      useList={useListUsersQuery}
      columns={columns}
      disableVirtualization
    />,
    { route, auth: { user: { ...testUser, permissions } } },
  );

describe('Deleted records', () => {
  it('are reached from the list toolbar by holders of the delete permission only', async () => {
    fakeNetwork({ 'GET /api/users': { body: EMPTY_LIST }, 'GET /api/roles/options': { body: { data: [] } } });
    const { unmount } = renderPage(ROUTES.users);
    expect(await screen.findByRole('link', { name: historyText.deleted })).toHaveAttribute(
      'href',
      trashPath(ROUTES.users),
    );
    unmount();
    renderPage(ROUTES.users, ['users.index', 'users.update']);
    await screen.findByRole('heading', { name: usersResource.item });
    expect(screen.queryByRole('link', { name: historyText.deleted })).not.toBeInTheDocument();
  });

  it('lists the deleted records with who and when, searches them, and restores one into the list', async () => {
    const { requestsTo, requests } = fakeNetwork({
      'GET /api/users/trash': { body: TRASH },
      'POST /api/users/5/restore': { body: { data: { id: 5 }, message: 'User has been restored' } },
    });
    const { store } = renderPage(trashPath(ROUTES.users));
    expect(
      await screen.findByRole('heading', { name: historyText.deletedTitle(usersResource.item) }),
    ).toBeInTheDocument();
    // The retention is the server's (TRASH_RETENTION_DAYS), not a copy of its default.
    expect(await screen.findByText(historyText.retention(14))).toBeInTheDocument();
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    const row = screen.getByText('Grace Hopper').closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByText(/01 Feb 2024/)).toBeInTheDocument();
    expect(store.getState().breadcrumbs.at(-1)).toEqual({ label: historyText.deleted });
    // The list itself is not asked for on this route.
    expect(requests.some((request) => request.path === '/api/users')).toBe(false);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(LIST_SCREEN_MESSAGES.search), 'grace');
    await waitFor(() => expect(requestsTo('/api/users/trash')).toHaveLength(2));

    await user.click(within(row).getByRole('button', { name: historyText.restoreRecord('Grace Hopper') }));
    expect(await screen.findByText('User has been restored')).toBeInTheDocument();
    expect(requestsTo('/api/users/5/restore')).toHaveLength(1);
    // The restore refreshes the resource's lists: the deleted records are asked for again.
    await waitFor(() => expect(requestsTo('/api/users/trash')).toHaveLength(3));
  });
});
