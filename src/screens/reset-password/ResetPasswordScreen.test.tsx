import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { ResetPasswordScreen } from './ResetPasswordScreen';
import { en } from '../../shared/messages';

const guest = { phase: 'no-auth' as const, user: null };
const link = `${ROUTES.resetPassword}?token=abc123&email=ada%40example.com`;
const validToken = { 'GET /api/password/reset/abc123': { body: { data: { email: 'ada@example.com' } } } };

function renderScreen(route = link) {
  return renderWithProviders(<ResetPasswordScreen />, { path: ROUTES.resetPassword, route, auth: guest });
}

async function fillPasswords(password: string, confirmation: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText('Password'), password);
  await user.type(screen.getByLabelText(/^Password Confirmation/), confirmation);
  await user.click(screen.getByRole('button', { name: en.resetPassword }));
}

describe('ResetPasswordScreen', () => {
  it('says the token has expired and offers a new request', async () => {
    fakeNetwork({
      'GET /api/password/reset/abc123': { status: 410, body: { message: 'The token has expired' } },
    });
    renderScreen();
    expect(await screen.findByRole('heading', { name: en.tokenExpiredTitle })).toBeInTheDocument();
    expect(screen.getByText(en.tokenExpiredText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.forgotPasswordTitle })).toHaveAttribute(
      'href',
      ROUTES.forgotPassword,
    );
  });

  it('treats a link without a token as expired', async () => {
    const { requests } = fakeNetwork({});
    renderScreen(ROUTES.resetPassword);
    expect(await screen.findByRole('heading', { name: en.tokenExpiredTitle })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the account e-mail read-only for a valid token', async () => {
    fakeNetwork(validToken);
    renderScreen();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
  });

  it('checks the confirmation before sending', async () => {
    const { requests } = fakeNetwork(validToken);
    renderScreen();
    await fillPasswords('new-password-1', 'something-else');
    expect(await screen.findByText('Password Confirmation you entered does not match')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('sets the new password, toasts and goes to the login screen', async () => {
    const { requests } = fakeNetwork({
      ...validToken,
      'POST /api/password/reset': { body: { message: 'password created successfully' } },
    });
    const { router } = renderScreen();
    await fillPasswords('new-password-1', 'new-password-1');
    expect(await screen.findByText(en.passwordCreated)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTES.login);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      token: 'abc123',
      email: 'ada@example.com',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
  });

  it('shows 422 errors on the password fields', async () => {
    fakeNetwork({
      ...validToken,
      'POST /api/password/reset': {
        status: 422,
        body: {
          message: 'Password min 8 character',
          errors: { password: ['Password is too common'], password_confirmation: ['Check this one'] },
        },
      },
    });
    const { router } = renderScreen();
    await fillPasswords('new-password-1', 'new-password-1');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription('Password is too common');
    expect(screen.getByLabelText(/^Password Confirmation/)).toHaveAccessibleDescription('Check this one');
    expect(router.state.location.pathname).toBe(ROUTES.resetPassword);
  });
});
