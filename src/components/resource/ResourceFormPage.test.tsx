import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useGetRoleQuery,
  useUpdateRoleMutation,
} from '../../../store/rolesApi';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import {
  roleCreateSchema,
  rolesResource,
  roleUpdateSchema,
  type Role,
  type RoleCreateInput,
} from '../../shared/resources/roles';
import { en } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { FormTextField } from '../form';
import { ResourceFormPage } from './ResourceFormPage';
import { useRecordId } from './useRecordId';
import { ScreenFocus } from '../layout/ScreenFocus';
import { ADD_TITLES } from '../../shared/messages/formTitles';
import { SCREEN_TEXT } from '../../shared/messages/screens';

type RoleValues = { name: string; permissions: number[] };

const role: Role = {
  id: 7,
  name: 'Editor',
  is_super: false,
  permissions: [],
  require_second_factor: false,
  users_count: 0,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-02-01T10:00:00.000Z',
  created_by: null,
  updated_by: null,
};

function RoleForm({ id }: { id?: number }) {
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <ResourceFormPage<Role, RoleValues, RoleCreateInput>
        contract={rolesResource}
        title="Role"
        listPath={ROUTES.roles}
        id={id}
        useGet={useGetRoleQuery}
        useCreate={useCreateRoleMutation}
        useUpdate={useUpdateRoleMutation}
        useDelete={useDeleteRoleMutation}
        schema={{ create: roleCreateSchema, update: roleUpdateSchema }}
        initialValues={(item) => ({
          name: item?.name ?? '',
          permissions: item?.permissions.map((p) => p.id) ?? [],
        })}
        toBody={(values) => ({
          name: values.name.trim(),
          permissions: values.permissions,
          require_second_factor: false,
        })}
      >
        {(_formik, { readOnly }) => <FormTextField name="name" label="Name" disabled={readOnly} />}
      </ResourceFormPage>
    </>
  );
}

/** The page with only what it must be given: title, breadcrumbs and schema come from the contract. */
function DefaultRoleForm() {
  return (
    <>
      <ScreenFocus titleFrom="breadcrumbs" />
      <ResourceFormPage<Role, RoleValues, RoleCreateInput>
        contract={rolesResource}
        useGet={useGetRoleQuery}
        useCreate={useCreateRoleMutation}
        useUpdate={useUpdateRoleMutation}
        initialValues={(item) => ({ name: item?.name ?? '', permissions: [] })}
        toBody={(values) => ({
          name: values.name,
          permissions: values.permissions,
          require_second_factor: false,
        })}
      >
        {() => <FormTextField name="name" label="Name" />}
      </ResourceFormPage>
    </>
  );
}

const renderForm = (id?: number, permissions = testUser.permissions) =>
  renderWithProviders(<RoleForm id={id} />, {
    path: id ? itemPath(ROUTES.roles, id) : addPath(ROUTES.roles),
    auth: { user: { ...testUser, permissions } },
  });

const actor = () => userEvent.setup({ delay: null });

describe('ResourceFormPage', () => {
  it('creates the item, toasts the server message and opens its page', async () => {
    const { requestsTo } = fakeNetwork({
      'POST /api/roles': { status: 201, body: { data: role, message: 'Role has been successfully created' } },
      'GET /api/roles/7': { body: { data: role } },
    });
    const { router, store } = renderForm();
    // Taken from the contract: its menu group, its list, and Add.
    expect(store.getState().breadcrumbs).toEqual([
      { label: en.dashboard, path: ROUTES.dashboard },
      { label: SETTINGS_MESSAGES.setting, disabled: true },
      { label: 'Role', path: ROUTES.roles },
      { label: ADD_TITLES.roles },
    ]);
    const user = actor();
    await user.type(screen.getByLabelText('Name'), ' Editor ');
    await user.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Role has been successfully created')).toBeInTheDocument();
    expect(requestsTo('/api/roles')[0].body).toEqual({
      name: 'Editor',
      permissions: [],
      require_second_factor: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(itemPath(ROUTES.roles, 7)));
  });

  it('validates with the contract schema before sending', async () => {
    const { requests } = fakeNetwork({});
    renderForm();
    await actor().click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('updates with the loaded updated_at and leaves the form clean', async () => {
    const saved = { ...role, name: 'Author', updated_at: '2024-03-01T10:00:00.000Z' };
    const { requestsTo } = fakeNetwork({
      'GET /api/roles/7': { body: { data: role } },
      'PUT /api/roles/7': { body: { data: saved, message: 'Role has been successfully updated' } },
    });
    const { router } = renderForm(7);
    const user = actor();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Editor');
    await user.clear(name);
    await user.type(name, 'Author');
    await user.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Role has been successfully updated')).toBeInTheDocument();
    expect(requestsTo('/api/roles/7').find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Author',
      permissions: [],
      require_second_factor: false,
      updated_at: '2024-02-01T10:00:00.000Z',
    });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('puts a 422 on its fields', async () => {
    fakeNetwork({
      'POST /api/roles': {
        status: 422,
        body: { message: 'Role has already been taken', errors: { name: ['Role has already been taken'] } },
      },
    });
    renderForm();
    const user = actor();
    await user.type(screen.getByLabelText('Name'), 'Editor');
    await user.click(screen.getByRole('button', { name: en.save }));
    // One toast from the base query, one message under the field.
    await waitFor(() => expect(screen.getAllByText('Role has already been taken')).toHaveLength(2));
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a reload of the item after a 409', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/roles/7': { body: { data: role } },
      'PUT /api/roles/7': {
        status: 409,
        body: { message: 'This Role was changed by someone else. Reload it to see the changes.' },
      },
    });
    renderForm(7);
    const user = actor();
    await user.type(await screen.findByLabelText('Name'), 'X');
    await user.click(screen.getByRole('button', { name: en.save }));
    await user.click(await screen.findByRole('button', { name: 'Reload Role' }));
    await waitFor(() => expect(requestsTo('/api/roles/7').filter((r) => r.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Editor'));
  });

  it('deletes after the confirmation, toasts and goes to the list', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/roles/7': { body: { data: role } },
      'DELETE /api/roles/7': { body: { data: role, message: 'Role has been successfully deleted' } },
    });
    const { router } = renderForm(7);
    const user = actor();
    await user.type(await screen.findByLabelText('Name'), 'X');
    await user.click(screen.getByRole('button', { name: en.delete }));
    expect(screen.getByText(SCREEN_TEXT.deleteConfirmTitle)).toBeInTheDocument();
    expect(screen.getByText(SCREEN_TEXT.deleteConfirmText)).toBeInTheDocument();
    expect(requestsTo('/api/roles/7').filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getAllByRole('button', { name: en.delete }).at(-1) as HTMLElement);
    expect(await screen.findByText('Role has been successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(ROUTES.roles));
  });

  it('asks before leaving unsaved changes', async () => {
    fakeNetwork({ 'GET /api/roles/7': { body: { data: role } } });
    const { router } = renderForm(7);
    const user = actor();
    await user.type(await screen.findByLabelText('Name'), 'X');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByText(en.unsavedChanges)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(itemPath(ROUTES.roles, 7));
    await user.click(screen.getByRole('button', { name: SCREEN_TEXT.leave }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('shows the not-found screen for a 404', async () => {
    fakeNetwork({});
    const { store } = renderForm(7);
    expect(await screen.findByText(en.notFoundTitle)).toBeInTheDocument();
    expect(store.getState().toasts).toEqual([]);
  });

  it('answers an id that is no record id with the not-found screen, asking nothing', async () => {
    const { requestsTo } = fakeNetwork({});
    function RoutedRoleForm() {
      return <RoleForm id={useRecordId()} />;
    }
    renderWithProviders(<RoutedRoleForm />, {
      path: itemPath(ROUTES.roles, ':id'),
      route: `${ROUTES.roles}/abc`,
    });
    expect(await screen.findByText(en.notFoundTitle)).toBeInTheDocument();
    expect(requestsTo('/api/roles/NaN')).toHaveLength(0);
    expect(requestsTo('/api/roles/abc')).toHaveLength(0);
  });

  it('is read-only, without Save or Delete, for a user lacking the update permission', async () => {
    fakeNetwork({ 'GET /api/roles/7': { body: { data: role } } });
    renderForm(7, ['roles.index']);
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: en.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.delete })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.back })).toBeInTheDocument();
  });

  it('takes its id from the route, its name as the last breadcrumb, and shows who changed it when', async () => {
    fakeNetwork({
      'GET /api/roles/7': {
        body: { data: { ...role, created_by: { id: 1, name: 'Ada' }, updated_by: { id: 2, name: 'Grace' } } },
      },
    });
    const { store } = renderWithProviders(<DefaultRoleForm />, {
      path: itemPath(ROUTES.roles, ':id'),
      route: itemPath(ROUTES.roles, 7),
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('Editor');
    expect(store.getState().breadcrumbs.at(-1)).toEqual({ label: 'Editor' });
    expect(
      screen.getByText('Created 01 Jan 2024 by Ada · Last updated 01 Feb 2024 by Grace'),
    ).toBeInTheDocument();
  });

  describe('names the screen in its H1, last breadcrumb and document title', () => {
    it('an add page: "Add role", from the messages module', async () => {
      const { store } = renderWithProviders(<DefaultRoleForm />, { path: addPath(ROUTES.roles) });
      expect(await screen.findByRole('heading', { level: 1, name: ADD_TITLES.roles })).toBeInTheDocument();
      expect(store.getState().breadcrumbs.at(-1)).toEqual({ label: ADD_TITLES.roles });
      await waitFor(() => expect(document.title).toBe(`${ADD_TITLES.roles} · ${en.appName}`));
    });

    it("a detail page: the record's name", async () => {
      fakeNetwork({ 'GET /api/roles/7': { body: { data: role } } });
      renderWithProviders(<DefaultRoleForm />, {
        path: itemPath(ROUTES.roles, ':id'),
        route: itemPath(ROUTES.roles, 7),
      });
      expect(await screen.findByRole('heading', { level: 1, name: role.name })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe(`${role.name} · ${en.appName}`));
    });
  });

  it('returns Cancel to the list as the user left it (its page, sort and filters)', async () => {
    fakeNetwork({ 'GET /api/roles/7': { body: { data: role } } });
    const from = `${ROUTES.roles}?page=3&search=ed`;
    const { router, store } = renderWithProviders(<RoleForm id={7} />, {
      path: itemPath(ROUTES.roles, ':id'),
      route: itemPath(ROUTES.roles, 7),
    });
    await act(() => router.navigate(itemPath(ROUTES.roles, 7), { state: { from }, replace: true }));
    await screen.findByLabelText('Name');
    expect(store.getState().breadcrumbs).toContainEqual({ label: 'Role', path: from });
    await actor().click(screen.getByRole('button', { name: en.cancel }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(from));
  });
});
