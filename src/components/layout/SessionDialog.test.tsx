import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { en, LABELS, t } from '../../shared/messages';
import { PASSKEY_MESSAGES } from '../../shared/messages/passkeys';
import { TWO_FACTOR_MESSAGES } from '../../shared/messages/twoFactor';
import { SessionDialog } from './SessionDialog';

describe('SessionDialog', () => {
  it('shows nothing while the session is fine', () => {
    renderWithProviders(<SessionDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('counts down a minute before the end and signs the same user in again with the password', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-03-03T10:41:00') });
    try {
      const { auth } = renderWithProviders(<SessionDialog />, {
        auth: { reauthReason: 'expiring', sessionExpiresAt: Date.now() + 60_000 },
      });
      expect(screen.getByRole('dialog', { name: t('sessionEnding', { seconds: 60 }) })).toBeVisible();
      act(() => jest.advanceTimersByTime(15_000));
      expect(screen.getByRole('dialog', { name: t('sessionEnding', { seconds: 45 }) })).toBeVisible();
      expect(screen.getByLabelText(LABELS.email)).toHaveValue(testUser.email);
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.type(screen.getByLabelText(LABELS.password), 'secret-password');
      await user.click(screen.getByRole('button', { name: en.staySignedIn }));
      expect(auth.reauthenticate).toHaveBeenCalledWith({
        username: testUser.email,
        password: 'secret-password',
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the session ended after a 401 and warns before another user signs in', async () => {
    const { auth } = renderWithProviders(<SessionDialog />, { auth: { reauthReason: 'ended' } });
    expect(screen.getByRole('dialog', { name: en.sessionEnded })).toBeVisible();
    expect(screen.queryByText(en.otherUserWarning)).not.toBeInTheDocument();
    const email = screen.getByLabelText(LABELS.email);
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@example.com');
    expect(screen.getByText(en.otherUserWarning)).toBeVisible();
    await userEvent.type(screen.getByLabelText(LABELS.password), 'other-password');
    await userEvent.click(screen.getByRole('button', { name: en.signInAgain }));
    expect(auth.reauthenticate).toHaveBeenCalledWith({
      username: 'grace@example.com',
      password: 'other-password',
    });
  });

  it('shows the sign-in failure once, inside the dialog, and offers to sign out', async () => {
    const { auth, store } = renderWithProviders(<SessionDialog />, {
      auth: { reauthReason: 'ended', signInError: en.invalidCredentials },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(en.invalidCredentials);
    expect(store.getState().toasts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: en.logout }));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('does not call the password missing when it loses focus before anything is typed', async () => {
    renderWithProviders(<SessionDialog />, { auth: { reauthReason: 'ended' } });
    const password = screen.getByLabelText(LABELS.password);
    expect(password).toHaveFocus();
    // A click beside the dialog's fields.
    await userEvent.click(screen.getByRole('dialog', { name: en.sessionEnded }));
    expect(password).not.toHaveFocus();
    expect(screen.queryByText(t('required', { item: LABELS.password }))).not.toBeInTheDocument();
  });

  it('says a save waits only when one does', () => {
    const { unmount } = renderWithProviders(<SessionDialog />, { auth: { reauthReason: 'ended' } });
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(en.sessionEndedText);
    unmount();
    renderWithProviders(<SessionDialog />, { auth: { reauthReason: 'ended', reauthSaving: true } });
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(en.sessionEndedSavingText);
  });

  it('asks for the password before it sends anything', async () => {
    const { auth } = renderWithProviders(<SessionDialog />, { auth: { reauthReason: 'ended' } });
    await userEvent.click(screen.getByRole('button', { name: en.signInAgain }));
    expect(auth.reauthenticate).not.toHaveBeenCalled();
    expect(screen.getByText(t('required', { item: LABELS.password }))).toBeVisible();
  });

  it('asks for the code (or a passkey) in the dialog when the re-sign-in needs a second factor', async () => {
    const user = userEvent.setup({ delay: null });
    const { auth } = renderWithProviders(<SessionDialog />, {
      auth: { reauthReason: 'ended', awaitingSecondFactor: true, secondFactors: ['otp', 'passkey'] },
    });
    const dialog = await screen.findByRole('dialog', { name: TWO_FACTOR_MESSAGES.stepTitle });
    expect(screen.getByLabelText(TWO_FACTOR_MESSAGES.code)).toHaveFocus();
    expect(screen.queryByLabelText(LABELS.password)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(TWO_FACTOR_MESSAGES.code), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.verify }));
    expect(auth.verifySecondFactor).toHaveBeenCalledWith({ otp: '123456' });
    await user.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.usePasskey }));
    await user.click(screen.getByRole('button', { name: PASSKEY_MESSAGES.usePasskey }));
    expect(auth.verifySecondFactor).toHaveBeenLastCalledWith({ passkey: true });
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_MESSAGES.back }));
    expect(auth.cancelSecondFactor).toHaveBeenCalled();
    expect(dialog).toBeVisible();
  });
});
