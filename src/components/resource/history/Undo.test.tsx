import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDeleteRoleMutation, useGetRoleQuery, useUpdateRoleMutation } from '../../../../store/rolesApi';
import { toastActions, toastShown } from '../../../../store/toastSlice';
import { useImportUsersMutation } from '../../../../store/usersApi';
import { fakeNetwork } from '../../../../test/fakeNetwork';
import { editorRole } from '../../../../test/settingFixtures';
import { renderWithProviders, testUser } from '../../../../test/renderWithProviders';
import { en } from '../../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../../shared/messages/listScreens';
import { historyText } from '../../../shared/messages/historyScreens';
import { rolesResource, type Role, type RoleCreateInput } from '../../../shared/resources/roles';
import { usersResource } from '../../../shared/resources/users';
import { itemPath, ROUTES } from '../../../shared/routes';
import { FormTextField } from '../../form';
import { ImportDialog } from '../ImportDialog';
import { ResourceFormPage } from '../ResourceFormPage';
import { SCREEN_TEXT } from '../../../shared/messages/screens';

const role: Role = { ...editorRole, id: 7 };

describe('The Undo toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a focusable button for 4.5 s, held while focused, that runs its action once and closes', () => {
    const { store } = renderWithProviders(<div />);
    const run = jest.fn();
    act(() => {
      const { payload } = store.dispatch(
        toastShown({ severity: 'success', message: 'Brand has been deleted', action: historyText.undo }),
      );
      toastActions.set(payload.id, run);
    });
    const undo = screen.getByRole('button', { name: historyText.undo });
    act(() => jest.advanceTimersByTime(4000));
    act(() => undo.focus());
    expect(undo).toHaveFocus();
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByText('Brand has been deleted')).toBeInTheDocument();
    act(() => undo.click());
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Brand has been deleted')).not.toBeInTheDocument();
    expect(toastActions.size).toBe(0);
  });

  it('closes after 4.5 s when left alone, and forgets its action', () => {
    const { store } = renderWithProviders(<div />);
    act(() => {
      const { payload } = store.dispatch(
        toastShown({ severity: 'success', message: 'Deleted', action: historyText.undo }),
      );
      toastActions.set(payload.id, jest.fn());
    });
    act(() => jest.advanceTimersByTime(4400));
    expect(screen.getByRole('button', { name: historyText.undo })).toBeInTheDocument();
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText('Deleted')).not.toBeInTheDocument();
    expect(toastActions.size).toBe(0);
  });
});

/** The import dialog, closed when done (a modal dialog hides the rest of the page from assistive technology). */
function UserImport() {
  const [open, setOpen] = useState(true);
  return (
    <ImportDialog
      open={open}
      onClose={() => setOpen(false)}
      contract={usersResource}
      useImport={useImportUsersMutation}
    />
  );
}

describe('Undo after a write', () => {
  const actor = () => userEvent.setup({ delay: null });

  it('restores a record deleted from its form, and says so', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/roles/7': { body: { data: role } },
      'DELETE /api/roles/7': { body: { data: role, message: 'Role has been successfully deleted' } },
      'POST /api/roles/7/restore': { body: { data: role, message: 'Role has been restored' } },
    });
    renderWithProviders(
      <ResourceFormPage<Role, { name: string }, RoleCreateInput>
        contract={rolesResource}
        id={7}
        useGet={useGetRoleQuery}
        useUpdate={useUpdateRoleMutation}
        useDelete={useDeleteRoleMutation}
        initialValues={(item) => ({ name: item?.name ?? '' })}
        toBody={(values) => ({ name: values.name, permissions: [], require_second_factor: false })}
      >
        {() => <FormTextField name="name" label="Name" />}
      </ResourceFormPage>,
      { path: itemPath(ROUTES.roles, 7), routes: [{ path: ROUTES.roles, element: <p>Role list</p> }] },
    );
    const user = actor();
    await screen.findByLabelText('Name');
    await user.click(screen.getByRole('button', { name: en.delete }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.delete }));
    const toast = (await screen.findByText('Role has been successfully deleted')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    await screen.findByText('Role list');
    await user.click(within(toast).getByRole('button', { name: historyText.undo }));
    expect(await screen.findByText('Role has been restored')).toBeInTheDocument();
    expect(requestsTo('/api/roles/7/restore')).toHaveLength(1);
  });

  it('undoes an import from its notification, for a holder of the delete permission', async () => {
    const { requestsTo } = fakeNetwork({
      'POST /api/users/import': {
        body: { data: { created: 2, updated: 0 }, import_id: 'imp-1', message: '2 users imported' },
      },
      'POST /api/users/imports/imp-1/undo': {
        body: { data: { deleted: 2, restored: 0 }, message: 'The import has been undone' },
      },
    });
    renderWithProviders(<UserImport />);
    const user = actor();
    await user.upload(
      screen.getByLabelText(LIST_SCREEN_MESSAGES.chooseFile),
      new File(['name\n'], 'users.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    const toast = (await screen.findByText('2 users imported')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText(LIST_SCREEN_MESSAGES.importFinished)).toBeInTheDocument();
    // jsdom never ends the dialog's closing transition, which hides the page from the a11y tree meanwhile.
    await user.click(within(toast).getByRole('button', { name: historyText.undo, hidden: true }));
    expect(await screen.findByText('The import has been undone')).toBeInTheDocument();
    expect(requestsTo('/api/users/imports/imp-1/undo')).toHaveLength(1);
  });

  it('offers no Undo of an import to a user who may not delete', async () => {
    fakeNetwork({
      'POST /api/users/import': {
        body: { data: { created: 2, updated: 0 }, import_id: 'imp-1', message: '2 users imported' },
      },
    });
    renderWithProviders(<UserImport />, {
      auth: { user: { ...testUser, permissions: ['users.index', 'users.store'] } },
    });
    const user = actor();
    await user.upload(
      screen.getByLabelText(LIST_SCREEN_MESSAGES.chooseFile),
      new File(['name\n'], 'users.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    await screen.findByText('2 users imported');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: historyText.undo })).not.toBeInTheDocument(),
    );
  });
});
