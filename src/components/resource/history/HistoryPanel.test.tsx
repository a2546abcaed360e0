import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Revision } from '../../../../store/historyApi';
import { useDeleteRoleMutation, useGetRoleQuery, useUpdateRoleMutation } from '../../../../store/rolesApi';
import { fakeNetwork } from '../../../../test/fakeNetwork';
import { editorRole } from '../../../../test/settingFixtures';
import { renderWithProviders, testUser } from '../../../../test/renderWithProviders';
import { historyText } from '../../../shared/messages/historyScreens';
import { rolesResource, type Role, type RoleCreateInput } from '../../../shared/resources/roles';
import { itemPath, ROUTES } from '../../../shared/routes';
import { FormTextField } from '../../form';
import { ResourceFormPage } from '../ResourceFormPage';

type RoleValues = { name: string };

const role: Role = { ...editorRole, id: 7 };

const revision = (id: number, action: Revision['action'], changes: Revision['changes']): Revision => ({
  id,
  action,
  user: { id: 1, name: 'Ada Lovelace' },
  created_at: '2024-02-01T10:00:00.000Z',
  changes,
  import_id: null,
});

const REVISIONS = [
  revision(12, 'update', {
    name: { old: 'Author', new: 'Editor' },
    description: {
      old: '<p>The quick brown fox jumps over the lazy dog and runs far away into the woods.</p>',
      new: '<p>The quick red fox jumps over the lazy dog and runs far away into the <img src=x onerror="alert(1)">woods.</p>',
    },
  }),
  revision(11, 'create', { name: { old: null, new: 'Author' } }),
];

function RoleForm() {
  return (
    <ResourceFormPage<Role, RoleValues, RoleCreateInput>
      contract={rolesResource}
      id={7}
      useGet={useGetRoleQuery}
      useUpdate={useUpdateRoleMutation}
      useDelete={useDeleteRoleMutation}
      initialValues={(item) => ({ name: item?.name ?? '' })}
      toBody={(values) => ({ name: values.name, permissions: [], require_second_factor: false })}
    >
      {(_formik, { readOnly }) => <FormTextField name="name" label="Name" disabled={readOnly} />}
    </ResourceFormPage>
  );
}

const renderForm = (permissions = testUser.permissions) =>
  renderWithProviders(<RoleForm />, {
    path: itemPath(ROUTES.roles, 7),
    auth: { user: { ...testUser, permissions } },
  });

const actor = () => userEvent.setup({ delay: null });

const history = (routes: Parameters<typeof fakeNetwork>[0] = {}) =>
  fakeNetwork({
    'GET /api/roles/7': { body: { data: role } },
    'GET /api/roles/7/revisions': { body: { data: REVISIONS, meta: { page: 1, per_page: 20, total: 2 } } },
    ...routes,
  });

const openHistory = async () => {
  const user = actor();
  await screen.findByLabelText('Name');
  await user.click(screen.getByRole('button', { name: historyText.history }));
  return user;
};

describe('History panel', () => {
  it('asks for the revisions only when opened, and lists them newest first with who and when', async () => {
    const { requestsTo } = history();
    renderForm();
    await screen.findByLabelText('Name');
    expect(requestsTo('/api/roles/7/revisions')).toHaveLength(0);
    const panel = screen.getByRole('button', { name: historyText.history });
    expect(panel).toHaveAttribute('aria-expanded', 'false');
    await openHistory();
    expect(panel).toHaveAttribute('aria-expanded', 'true');
    const entries = await screen.findAllByText(/by Ada Lovelace/);
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'Updated by Ada Lovelace',
      'Created by Ada Lovelace',
    ]);
    expect(requestsTo('/api/roles/7/revisions')).toHaveLength(1);
    expect(screen.getAllByText(/01 Feb 2024 \d\d:00/).length).toBeGreaterThan(0);
  });

  it('expands an entry to its field differences: labels, before and after, rich text word by word as text', async () => {
    history();
    renderForm();
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: /show changes \(2 fields changed\)/i }));
    const details = screen.getByRole('button', { name: /hide changes/i });
    expect(details).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(details.getAttribute('aria-controls') ?? '') as HTMLElement;
    // Labels from the contract / the product's labels.
    expect(within(region).getByText('Name')).toBeInTheDocument();
    expect(within(region).getByText('Description')).toBeInTheDocument();
    // A short value: before → after.
    expect(within(region).getByText('Author').closest('del')).not.toBeNull();
    // Long rich text: the changed words only, marked; the HTML never reaches the page.
    const removed = [...region.querySelectorAll('del')].map((node) => node.textContent);
    const added = [...region.querySelectorAll('ins')].map((node) => node.textContent);
    expect(removed).toContain(`[${historyText.removedText}] brown`);
    expect(added).toContain(`[${historyText.addedText}] red`);
    expect(region.querySelector('img')).toBeNull();
    expect(region).toHaveTextContent('jumps over the lazy dog');
  });

  it('restores a version after the confirmation, with the loaded updated_at, and reloads the form', async () => {
    const restored = { ...role, name: 'Author', updated_at: '2024-03-01T10:00:00.000Z' };
    let current = role;
    const { requestsTo } = history({
      'GET /api/roles/7': () => ({ body: { data: current } }),
      'POST /api/roles/7/revisions/11/restore': () => {
        current = restored;
        return { body: { data: restored, message: 'Role has been restored to the chosen version' } };
      },
    });
    renderForm();
    const user = await openHistory();
    await screen.findAllByText(/by Ada Lovelace/);
    // The newest entry is the record as it is: nothing to restore.
    const restoreButtons = screen.getAllByRole('button', { name: historyText.restoreVersion });
    expect(restoreButtons).toHaveLength(1);
    await user.type(screen.getByLabelText('Name'), ' unsaved');
    await user.click(restoreButtons[0]);
    const dialog = await screen.findByRole('dialog', { name: historyText.restoreVersionTitle });
    expect(within(dialog).getByText(historyText.restoreVersionUnsaved)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: historyText.restore }));
    expect(await screen.findByText('Role has been restored to the chosen version')).toBeInTheDocument();
    expect(requestsTo('/api/roles/7/revisions/11/restore')[0].body).toEqual({ updated_at: role.updated_at });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Author'));
    // The history is asked for again, and stays open.
    await waitFor(() => expect(requestsTo('/api/roles/7/revisions').length).toBeGreaterThan(1));
    expect(screen.getByRole('button', { name: historyText.history })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows a 422 (a referenced record is gone) and a 409 in the dialog', async () => {
    const { route } = history({
      'POST /api/roles/7/revisions/11/restore': {
        status: 422,
        body: { message: 'Brand no longer exists', errors: { brand_id: ['Brand no longer exists'] } },
      },
    });
    renderForm();
    const user = await openHistory();
    await user.click(await screen.findByRole('button', { name: historyText.restoreVersion }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: historyText.restore }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Brand no longer exists');
    route('POST /api/roles/7/revisions/11/restore', { status: 409, body: { message: 'Changed' } });
    await user.click(within(dialog).getByRole('button', { name: historyText.restore }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(historyText.staleRestore),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('offers no restore without the update permission', async () => {
    history();
    renderForm(['roles.index']);
    await openHistory();
    await screen.findAllByText(/by Ada Lovelace/);
    expect(screen.queryByRole('button', { name: historyText.restoreVersion })).not.toBeInTheDocument();
  });

  it('says when nothing was recorded, and shows a failed load with Retry', async () => {
    const { route } = history({
      'GET /api/roles/7/revisions': { status: 500, body: { message: 'Server Error' } },
    });
    renderForm();
    const user = await openHistory();
    expect(await screen.findByText(historyText.historyLoadFailed)).toBeInTheDocument();
    route('GET /api/roles/7/revisions', { body: { data: [], meta: { page: 1, per_page: 20, total: 0 } } });
    await user.click(screen.getByRole('button', { name: historyText.retry }));
    expect(await screen.findByText(historyText.historyEmpty)).toBeInTheDocument();
  });
});
