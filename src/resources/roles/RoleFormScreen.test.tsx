import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { editorRole } from '../../../test/settingFixtures';
import { ROLE_LABELS, type Permission, type Role } from '../../shared/resources/roles';
import { ROUTES } from '../../shared/routes';
import { en } from '../../shared/messages';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { RoleFormScreen } from './RoleFormScreen';

const catalogue: Permission[] = [
  { id: 1, name: 'users.index', method: 'GET' },
  { id: 2, name: 'users.store', method: 'POST' },
  { id: 3, name: 'roles.index', method: 'GET' },
];

const editor: Role = { ...editorRole, permissions: [catalogue[0]] };
const superAdmin: Role = { ...editor, id: 1, name: 'Super Admin', is_super: true, permissions: catalogue };

function renderRole(role: Role | 'add') {
  const net = fakeNetwork({
    'GET /api/permissions': { body: { data: catalogue } },
    ...(role === 'add' ? {} : { [`GET /api/roles/${role.id}`]: { body: { data: role } } }),
  });
  const route = `${ROUTES.roles}/${role === 'add' ? 'add' : role.id}`;
  const view = renderWithProviders(<RoleFormScreen />, {
    // As the app routes it: the static add path, else the detail path with its `:id`.
    path: role === 'add' ? route : `${ROUTES.roles}/:id`,
    route,
  });
  return { ...net, ...view, actor: userEvent.setup({ delay: null }) };
}

describe('RoleFormScreen', () => {
  it('shows the Super Admin role with every permission checked and locked, without Delete', async () => {
    renderRole(superAdmin);
    expect(
      await screen.findByText('The Super Admin role always holds every permission.'),
    ).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'roles GET' });
    // The matrix's boxes; "Require a second factor" is the role's own choice, the Super Admin's too.
    const boxes = screen
      .getAllByRole('checkbox')
      .filter((box) => box.getAttribute('name') !== 'require_second_factor');
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('edits an ordinary role through the matrix and sends the ids', async () => {
    const { actor, route, requestsTo } = renderRole(editor);
    route('PUT /api/roles/2', { body: { data: editor, message: 'Role has been successfully updated' } });
    await actor.click(await screen.findByRole('checkbox', { name: 'roles GET' }));
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role has been successfully updated')).toBeInTheDocument();
    const [put] = requestsTo('/api/roles/2').filter((request) => request.method === 'PUT');
    expect(put.body).toEqual({
      name: 'Editor',
      permissions: [1, 3],
      require_second_factor: false,
      updated_at: editor.updated_at,
    });
  });

  it('sends "Require a second factor" when it is ticked', async () => {
    const { actor, route, requestsTo } = renderRole(editor);
    route('PUT /api/roles/2', { body: { data: editor, message: 'Role has been successfully updated' } });
    const box = await screen.findByRole('checkbox', { name: ROLE_LABELS.requireSecondFactor });
    expect(box).not.toBeChecked();
    await actor.click(box);
    expect(box).toBeChecked();
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role has been successfully updated')).toBeInTheDocument();
    const [put] = requestsTo('/api/roles/2').filter((request) => request.method === 'PUT');
    expect(put.body).toMatchObject({ permissions: [1], require_second_factor: true });
  });

  it('creates a role with a whole row granted', async () => {
    const { actor, route, requestsTo } = renderRole('add');
    route('POST /api/roles', {
      status: 201,
      body: { data: { ...editor, id: 9, name: 'Auditor' }, message: 'Role has been successfully created' },
    });
    await actor.type(screen.getByLabelText(/^Name/), 'Auditor');
    await actor.click(await screen.findByRole('checkbox', { name: 'All users' }));
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role has been successfully created')).toBeInTheDocument();
    expect(requestsTo('/api/roles')[0].body).toEqual({
      name: 'Auditor',
      permissions: [1, 2],
      require_second_factor: false,
    });
  });

  it('asks before saving a role with no permissions, and saves only after the yes', async () => {
    const { actor, route, requestsTo } = renderRole('add');
    route('POST /api/roles', {
      status: 201,
      body: {
        data: { ...editor, id: 9, name: 'Nobody', permissions: [] },
        message: 'Role has been successfully created',
      },
    });
    await actor.type(screen.getByLabelText(/^Name/), 'Nobody');
    await screen.findByRole('checkbox', { name: 'All users' });
    await actor.click(screen.getByRole('button', { name: en.save }));
    const dialog = await screen.findByRole('dialog', { name: SETTINGS_MESSAGES.noPermissionsTitle });
    expect(dialog).toHaveTextContent(SETTINGS_MESSAGES.noPermissionsText);
    // No: nothing is sent, the form stays as it was.
    await actor.click(within(dialog).getByRole('button', { name: en.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo('/api/roles')).toEqual([]);
    // Yes: saved as asked.
    await actor.click(screen.getByRole('button', { name: en.save }));
    const again = await screen.findByRole('dialog', { name: SETTINGS_MESSAGES.noPermissionsTitle });
    await actor.click(within(again).getByRole('button', { name: en.save }));
    expect(await screen.findByText('Role has been successfully created')).toBeInTheDocument();
    expect(requestsTo('/api/roles')[0].body).toEqual({
      name: 'Nobody',
      permissions: [],
      require_second_factor: false,
    });
  });

  it('sets the breadcrumbs to Dashboard › Setting › Role › the role name', async () => {
    const { store } = renderRole(editor);
    await screen.findByRole('checkbox', { name: 'roles GET' });
    expect(store.getState().breadcrumbs).toEqual([
      { label: 'Dashboard', path: '/' },
      { label: 'Setting', disabled: true },
      { label: 'Role', path: ROUTES.roles },
      { label: 'Editor' },
    ]);
  });
});
