import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ROUTES } from '../../shared/routes';
import { LoginScreen } from './LoginScreen';
import { en } from '../../shared/messages';
import { noteSessionRanOut } from '../../../store/session';
import { PASSKEY_MESSAGES } from '../../shared/messages/passkeys';

const guest = { phase: 'no-auth' as const, user: null };

describe('LoginScreen', () => {
  it('asks for the e-mail and the password when submitted empty', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    await user.click(screen.getByRole('button', { name: en.login }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('says the e-mail does not match when it is not an address', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    await user.type(screen.getByLabelText(/Email/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: en.login }));
    expect(await screen.findByText('Email does not match')).toBeInTheDocument();
  });

  it('signs in with the e-mail as username and the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    await user.type(screen.getByLabelText(/Email/), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: en.login }));
    expect(auth.signIn).toHaveBeenCalledWith({ username: 'ada@example.com', password: 'correct horse' });
  });

  it('disables the login button while signing in', () => {
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: { ...guest, signingIn: true } });
    expect(screen.getByRole('button', { name: en.login })).toBeDisabled();
  });

  it('shows the last sign-in failure', () => {
    renderWithProviders(<LoginScreen />, {
      path: ROUTES.login,
      auth: { ...guest, signInError: 'The user credentials were incorrect.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The user credentials were incorrect.');
  });

  it('says the session ended when the page reloaded to it after the session ran out, once', () => {
    noteSessionRanOut();
    const { unmount } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(screen.getByText(en.sessionRanOut)).toBeVisible();
    unmount();
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(screen.queryByText(en.sessionRanOut)).not.toBeInTheDocument();
  });

  it('links to the forgot-password screen', () => {
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(screen.getByRole('link', { name: en.forgotPasswordLink })).toHaveAttribute(
      'href',
      ROUTES.forgotPassword,
    );
  });

  describe('Sign in with a passkey', () => {
    afterEach(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    });

    it('signs in with a passkey where the browser has WebAuthn', async () => {
      (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
      const user = userEvent.setup({ delay: null });
      const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
      await user.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.signIn }));
      expect(auth.signInWithPasskey).toHaveBeenCalled();
    });

    it('is not offered where the browser has no WebAuthn', () => {
      renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
      expect(screen.getByRole('button', { name: en.login })).toBeVisible();
      expect(screen.queryByRole('button', { name: PASSKEY_MESSAGES.signIn })).not.toBeInTheDocument();
    });
  });
});
