import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { ChangePasswordScreen } from './ChangePasswordScreen';
import { en } from '../../shared/messages';

const current = () => screen.getByLabelText(/^Current Password/);
const next = () => screen.getByLabelText('Password');
const confirmation = () => screen.getByLabelText(/^Password Confirmation/);

async function fill(values: [string, string, string]) {
  const user = userEvent.setup({ delay: null });
  await user.type(current(), values[0]);
  await user.type(next(), values[1]);
  await user.type(confirmation(), values[2]);
  await user.click(screen.getByRole('button', { name: en.save }));
}

function renderScreen() {
  return renderWithProviders(<ChangePasswordScreen />, { path: ROUTES.changePassword });
}

describe('ChangePasswordScreen', () => {
  it('says the confirmation does not match before sending anything', async () => {
    const { requests } = fakeNetwork({});
    renderScreen();
    await fill(['old-password', 'new-password-1', 'new-password-2']);
    expect(await screen.findByText('Password Confirmation you entered does not match')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('asks for every field when submitted empty', async () => {
    fakeNetwork({});
    renderScreen();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: en.save }));
    expect(await screen.findByText('Current Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password Confirmation is required')).toBeInTheDocument();
  });

  it('changes the password, toasts the success and clears the form', async () => {
    const { requests } = fakeNetwork({
      'PUT /api/account/password': { body: { message: 'password changed successfully' } },
    });
    renderScreen();
    await fill(['old-password', 'new-password-1', 'new-password-1']);
    expect(await screen.findByText(en.passwordChanged)).toBeInTheDocument();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/account/password',
        body: {
          current_password: 'old-password',
          password: 'new-password-1',
          password_confirmation: 'new-password-1',
        },
      }),
    ]);
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
    expect(confirmation()).toHaveValue('');
  });

  it('shows a 422 error on the current password field', async () => {
    fakeNetwork({
      'PUT /api/account/password': {
        status: 422,
        body: {
          message: 'Current Password is invalid',
          errors: { current_password: ['Current Password is invalid'] },
        },
      },
    });
    renderScreen();
    await fill(['wrong-password', 'new-password-1', 'new-password-1']);
    expect(await screen.findByLabelText(/^Current Password/)).toHaveAccessibleDescription(
      'Current Password is invalid',
    );
    expect(current()).toHaveValue('wrong-password');
  });

  it('sets the breadcrumbs to Dashboard › Change Password', () => {
    fakeNetwork({});
    const { store } = renderScreen();
    expect(store.getState().breadcrumbs).toEqual([
      { label: en.dashboard, path: '/' },
      { label: en.changePassword },
    ]);
  });
});
