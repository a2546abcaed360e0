import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { fakeNetwork, type FakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { grace, roleOptionsRoute } from '../../../test/settingFixtures';
import { validateWith } from '../../components/form';
import { userCreateSchema, userUpdateSchema } from '../../shared/resources/users';
import { toUserValues, type UserValues } from './userForm';
import { UserFields, type UserFieldsProps } from './UserFields';

/** UserFields in a bare Formik form validated with the add or the update contract. */
function renderFields(
  props: UserFieldsProps,
  schema: AnyObjectSchema,
  onSubmit = jest.fn(),
  permissions = testUser.permissions,
) {
  const initial: UserValues & { updated_at?: string } = props.user
    ? { ...toUserValues(props.user), updated_at: props.user.updated_at }
    : toUserValues();
  renderWithProviders(
    <Formik initialValues={initial} validate={validateWith(schema)} onSubmit={onSubmit}>
      <Form noValidate>
        <UserFields {...props} />
        <button type="submit">Save</button>
      </Form>
    </Formik>,
    { auth: { user: { ...testUser, permissions } } },
  );
  return { onSubmit, actor: userEvent.setup({ delay: null }) };
}

describe('UserFields', () => {
  let network: FakeNetwork;
  beforeEach(() => {
    network = fakeNetwork(roleOptionsRoute);
  });

  it('requires a password and its confirmation on add', async () => {
    const { onSubmit, actor } = renderFields({}, userCreateSchema);
    expect(screen.getByLabelText(/^Password\s*\*?$/)).toBeRequired();
    expect(screen.queryByText('Leave empty to keep the current password')).not.toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password Confirmation is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password\s*\*?$/)).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the password optional on detail, with a hint', async () => {
    const { onSubmit, actor } = renderFields({ user: grace }, userUpdateSchema);
    expect(screen.getByLabelText(/^Password\s*\*?$/)).not.toBeRequired();
    expect(screen.getAllByText('Leave empty to keep the current password')).toHaveLength(2);
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ password: '', role_id: 2 }),
      expect.anything(),
    );
  });

  it('asks for the confirmation once a new password is typed on detail', async () => {
    const { onSubmit, actor } = renderFields({ user: grace }, userUpdateSchema);
    await actor.type(screen.getByLabelText(/^Password\s*\*?$/), 'a-new-secret');
    await actor.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password Confirmation you entered does not match')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers the roles from the API and both statuses', async () => {
    const { actor } = renderFields({}, userCreateSchema);
    await actor.click(screen.getByRole('combobox', { name: /Role/ }));
    const options = within(await screen.findByRole('listbox'));
    expect(await options.findByRole('option', { name: 'Editor' })).toBeInTheDocument();
    await actor.click(options.getByRole('option', { name: 'Editor' }));
    await actor.click(screen.getByRole('combobox', { name: /Status/ }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active', 'Not Active']);
  });

  it('offers the roles to a user holding the users keys without roles.index', async () => {
    const { actor } = renderFields({}, userCreateSchema, jest.fn(), ['users.index', 'users.store']);
    await actor.click(screen.getByRole('combobox', { name: /Role/ }));
    const options = within(await screen.findByRole('listbox'));
    expect(await options.findByRole('option', { name: 'Editor' })).toBeInTheDocument();
    expect(network.requestsTo('/api/roles/options')).toHaveLength(1);
    expect(network.requestsTo('/api/roles')).toHaveLength(0);
  });

  it("shows the user's own role while the options load", () => {
    network.route('GET /api/roles/options', () => new Promise(() => undefined));
    renderFields({ user: grace }, userUpdateSchema);
    expect(screen.getByRole('combobox', { name: /Role/ })).toHaveTextContent('Editor');
  });

  it('locks the status of the signed-in user with a reason', () => {
    renderFields({ user: grace, self: true }, userUpdateSchema);
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('You cannot deactivate your own account.')).toBeInTheDocument();
  });
});
