import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LABELS, validation } from '../../shared/messages';
import { PASSKEY_MESSAGES } from '../../shared/messages/passkeys';
import { REMEMBERED_DEVICE_MESSAGES as RM } from '../../shared/messages/rememberedDevices';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';
import { ROUTES } from '../../shared/routes';
import { LoginScreen } from './LoginScreen';

/** The sign-in after a right password of an account with an authenticator app. */
const awaiting = {
  phase: 'no-auth' as const,
  user: null,
  awaitingSecondFactor: true,
  secondFactors: ['otp' as const],
};

describe('LoginScreen second step (two-factor sign-in)', () => {
  it('asks for the code instead of the password once the password was right', async () => {
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: awaiting });
    expect(await screen.findByRole('heading', { name: M.stepTitle })).toBeVisible();
    expect(screen.getByLabelText(M.code)).toHaveFocus();
    expect(screen.queryByLabelText(LABELS.password)).not.toBeInTheDocument();
  });

  it('sends the 6-digit code, spaces taken out', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: awaiting });
    await user.type(await screen.findByLabelText(M.code), '123 456');
    await user.click(screen.getByRole('button', { name: M.verify }));
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ otp: '123456' });
  });

  it('asks to remember this device when the box is ticked (unticked by default)', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: awaiting });
    const box = await screen.findByRole('checkbox', { name: RM.rememberDevice });
    expect(box).not.toBeChecked();
    await user.click(box);
    await user.type(screen.getByLabelText(M.code), '123456');
    await user.click(screen.getByRole('button', { name: M.verify }));
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ otp: '123456', remember_device: true });
  });

  it('refuses what is not six digits, without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: awaiting });
    await user.click(await screen.findByRole('button', { name: M.verify }));
    expect(await screen.findByText(validation.required(M.code))).toBeVisible();
    await user.type(screen.getByLabelText(M.code), '12a45');
    await user.click(screen.getByRole('button', { name: M.verify }));
    expect(await screen.findByText(validation.invalid(M.code))).toBeVisible();
    expect(auth.verifySecondFactor).not.toHaveBeenCalled();
  });

  it('switches to a recovery code and back', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: awaiting });
    await user.click(await screen.findByRole('button', { name: M.useRecoveryCode }));
    expect(screen.getByText(M.recoveryHelp)).toBeVisible();
    await user.type(screen.getByLabelText(M.recoveryCode), ' abcd-efgh-jkmn-pqrs ');
    await user.click(screen.getByRole('button', { name: M.verify }));
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ recovery_code: 'abcd-efgh-jkmn-pqrs' });
    await user.click(screen.getByRole('button', { name: M.useAuthenticator }));
    expect(screen.getByLabelText(M.code)).toBeVisible();
  });

  it('shows why the code was refused, and goes back to the password', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, {
      path: ROUTES.login,
      auth: { ...awaiting, signInError: M.invalidCode },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(M.invalidCode);
    await user.click(screen.getByRole('button', { name: M.back }));
    expect(auth.cancelSecondFactor).toHaveBeenCalled();
  });

  it('disables its buttons while the code is checked', async () => {
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: { ...awaiting, signingIn: true } });
    expect(await screen.findByRole('button', { name: M.verify })).toBeDisabled();
    expect(screen.getByRole('button', { name: M.back })).toBeDisabled();
  });

  it('offers a passkey when the account has one as well, and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, {
      path: ROUTES.login,
      auth: { ...awaiting, secondFactors: ['otp', 'passkey'] },
    });
    await user.click(await screen.findByRole('button', { name: PASSKEY_MESSAGES.usePasskey }));
    expect(screen.getByText(PASSKEY_MESSAGES.passkeyHelp)).toBeVisible();
    await user.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.usePasskey }));
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ passkey: true });
    await user.click(screen.getByRole('button', { name: M.useAuthenticator }));
    expect(screen.getByLabelText(M.code)).toBeVisible();
  });

  it('asks for the passkey only when it is the account’s one factor', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<LoginScreen />, {
      path: ROUTES.login,
      auth: { ...awaiting, secondFactors: ['passkey'] },
    });
    const button = await screen.findByRole('button', { name: PASSKEY_MESSAGES.usePasskey });
    expect(screen.queryByLabelText(M.code)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.useRecoveryCode })).not.toBeInTheDocument();
    await user.click(button);
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ passkey: true });
  });
});
