import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { fakeNetwork, type RecordedRequest } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import type { User } from '../../shared/contracts/account';
import { API_PATHS, ROUTES } from '../../shared/routes';
import { ProfileScreen } from './ProfileScreen';
import { en } from '../../shared/messages';
import { PASSKEY_PATHS } from '../../shared/contracts/passkeys';
import { REMEMBERED_DEVICE_PATHS } from '../../shared/contracts/rememberedDevices';
import { TWO_FACTOR_PATHS } from '../../shared/contracts/twoFactor';
import { TWO_FACTOR_MESSAGES } from '../../shared/messages/twoFactor';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const user: User = { ...testUser, phone_number: '+62 21 555 0100' };

/** The profile's own requests (the two-factor and passkeys sections and the sessions panel below it load their own). */
const profileRequests = (requests: RecordedRequest[]) =>
  requests.filter(
    (request) =>
      request.path !== API_PATHS.accountSessions &&
      request.path !== TWO_FACTOR_PATHS.status &&
      request.path !== PASSKEY_PATHS.list &&
      request.path !== REMEMBERED_DEVICE_PATHS.list,
  );

/** The profile screen with a link standing in for the menu and breadcrumbs around it. */
function renderProfile() {
  return renderWithProviders(
    <>
      <Link to={ROUTES.dashboard}>Home</Link>
      <ProfileScreen />
    </>,
    { path: ROUTES.profile, auth: { user } },
  );
}

async function startEditing() {
  const actor = userEvent.setup({ delay: null });
  await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.edit }));
  return actor;
}

describe('ProfileScreen', () => {
  it('shows the signed-in user with role and status', () => {
    fakeNetwork({});
    renderProfile();
    expect(screen.getByRole('heading', { name: user.name })).toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    expect(screen.getByText('+62 21 555 0100')).toBeInTheDocument();
    expect(screen.getAllByText('Administrator').length).toBeGreaterThan(0);
    expect(screen.getByText(en.active)).toBeInTheDocument();
  });

  it('has the two-factor sign-in section below the details', async () => {
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: { body: { data: { enabled: false, recovery_codes_left: 0 } } },
    });
    renderProfile();
    expect(screen.getByRole('heading', { name: TWO_FACTOR_MESSAGES.sectionTitle })).toBeVisible();
    expect(await screen.findByRole('button', { name: TWO_FACTOR_MESSAGES.enrol })).toBeVisible();
  });

  it('sets the breadcrumbs to Dashboard › Profile', () => {
    fakeNetwork({});
    const { store } = renderProfile();
    expect(store.getState().breadcrumbs).toEqual([{ label: en.dashboard, path: '/' }, { label: en.profile }]);
  });

  it('saves the edited profile, toasts the message and replaces the user', async () => {
    const saved: User = { ...user, name: 'Ada King', phone_number: null };
    const { requests: all } = fakeNetwork({
      'PUT /api/account': { body: { data: saved, message: 'Profile has been successfully updated' } },
    });
    const { auth } = renderProfile();
    const actor = await startEditing();
    expect(screen.getByText('Recommended size 400 x 400 px, maximum file size 2 MB')).toBeInTheDocument();
    await actor.clear(screen.getByLabelText(/^Name/));
    await actor.type(screen.getByLabelText(/^Name/), 'Ada King');
    await actor.clear(screen.getByLabelText(/Phone Number/));
    await actor.click(screen.getByRole('button', { name: en.save }));

    expect(await screen.findByText(en.profileUpdated)).toBeInTheDocument();
    expect(profileRequests(all)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/account',
        body: { name: 'Ada King', email: user.email, phone_number: null, photo: null },
      }),
    ]);
    expect(auth.updateProfile).toHaveBeenCalledWith(saved);
    expect(screen.getByRole('button', { name: SCREEN_TEXT.edit })).toBeInTheDocument();
  });

  it('shows a 422 e-mail error on the e-mail field and stays in edit mode', async () => {
    fakeNetwork({
      'PUT /api/account': {
        status: 422,
        body: {
          message: 'Email has already been taken',
          errors: { email: ['Email has already been taken'] },
        },
      },
    });
    const { auth } = renderProfile();
    const actor = await startEditing();
    await actor.clear(screen.getByLabelText(/^Email/));
    await actor.type(screen.getByLabelText(/^Email/), 'grace@example.com');
    await actor.type(screen.getByLabelText(/^Current Password/), 'my-own-secret');
    await actor.click(screen.getByRole('button', { name: en.save }));

    expect(await screen.findByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      'Email has already been taken',
    );
    expect(auth.updateProfile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: en.save })).toBeInTheDocument();
  });

  it('asks for the current password only when the e-mail changes, and sends it then', async () => {
    const { requests: all } = fakeNetwork({
      'PUT /api/account': {
        body: { data: { ...user, email: 'ada@new.example.com' }, message: en.profileUpdated },
      },
    });
    renderProfile();
    const actor = await startEditing();
    expect(screen.queryByLabelText(/^Current Password/)).not.toBeInTheDocument();
    await actor.clear(screen.getByLabelText(/^Email/));
    await actor.type(screen.getByLabelText(/^Email/), 'ada@new.example.com');
    expect(screen.getByText(SCREEN_TEXT.emailChangeNeedsPassword)).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Current Password is required')).toBeInTheDocument();
    expect(profileRequests(all)).toHaveLength(0);

    await actor.type(screen.getByLabelText(/^Current Password/), 'my-own-secret');
    await actor.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText(en.profileUpdated)).toBeInTheDocument();
    expect(profileRequests(all)[0].body).toEqual({
      name: user.name,
      email: 'ada@new.example.com',
      phone_number: user.phone_number,
      photo: null,
      current_password: 'my-own-secret',
    });
  });

  it('validates before saving', async () => {
    const { requests: all } = fakeNetwork({});
    renderProfile();
    const actor = await startEditing();
    await actor.clear(screen.getByLabelText(/^Name/));
    await actor.click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(profileRequests(all)).toHaveLength(0);
  });

  it('returns to the view without saving on Cancel', async () => {
    const { requests: all } = fakeNetwork({});
    renderProfile();
    const actor = await startEditing();
    await actor.type(screen.getByLabelText(/^Name/), ' the Second');
    await actor.click(screen.getByRole('button', { name: en.cancel }));
    expect(screen.getByRole('heading', { name: user.name })).toBeInTheDocument();
    expect(profileRequests(all)).toHaveLength(0);
  });

  it('asks before leaving a form with unsaved changes', async () => {
    fakeNetwork({});
    const { router } = renderProfile();
    const actor = await startEditing();
    await actor.type(screen.getByLabelText(/^Name/), ' the Second');

    await actor.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(en.unsavedChanges);
    await actor.click(within(dialog).getByRole('button', { name: SCREEN_TEXT.stay }));
    await waitForElementToBeRemoved(dialog);
    expect(router.state.location.pathname).toBe(ROUTES.profile);
    expect(screen.getByLabelText(/^Name/)).toHaveValue(`${user.name} the Second`);

    await actor.click(screen.getByRole('link', { name: 'Home' }));
    await actor.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: SCREEN_TEXT.leave }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/');
  });

  it('leaves a form without changes without asking', async () => {
    fakeNetwork({});
    const { router } = renderProfile();
    const actor = await startEditing();
    await actor.click(screen.getByRole('link', { name: 'Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
