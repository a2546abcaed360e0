import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../store/api';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import {
  clearEnrolmentRefusal,
  listenForEnrolmentRefusals,
  useSecondFactorDue,
} from '../../auth/secondFactorDue';
import { PASSKEY_PATHS } from '../../shared/contracts/passkeys';
import { MFA_ENROLMENT_REQUIRED } from '../../shared/contracts/secondFactorEnrolment';
import { TWO_FACTOR_PATHS } from '../../shared/contracts/twoFactor';
import { LABELS } from '../../shared/messages';
import { PASSKEY_MESSAGES } from '../../shared/messages/passkeys';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';
import { ROUTES } from '../../shared/routes';
import { SecondFactorEnrolmentScreen } from './SecondFactorEnrolmentScreen';

const off = { body: { data: { enabled: false, recovery_codes_left: 0 } } };
const on = { body: { data: { enabled: true, recovery_codes_left: 10 } } };
const codes = Array.from({ length: 10 }, (_, i) => `code-${i}abc-defg-hjkm`);
const dueUser = { ...testUser, second_factor_due: true };

const render = (user: typeof testUser = dueUser) =>
  renderWithProviders(<SecondFactorEnrolmentScreen />, {
    path: ROUTES.secondFactorEnrolment,
    auth: { user },
  });

afterEach(() => clearEnrolmentRefusal());

function DueFlag() {
  return <span data-testid="due">{String(useSecondFactorDue())}</span>;
}

describe('SecondFactorEnrolmentScreen (/second-factor, issue 37)', () => {
  it('explains the role’s requirement, enrols an authenticator app, then lets the user in', async () => {
    const actor = userEvent.setup({ delay: null });
    let enabled = false;
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: () => (enabled ? on : off),
      [`GET ${PASSKEY_PATHS.list}`]: { body: { data: [] } },
      [`POST ${TWO_FACTOR_PATHS.status}`]: {
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
      [`POST ${TWO_FACTOR_PATHS.confirm}`]: () => {
        enabled = true;
        return { body: { data: { recovery_codes: codes }, message: M.enabled } };
      },
    });
    const { auth } = render();
    expect(await screen.findByRole('heading', { level: 1, name: M.enrolmentTitle })).toBeVisible();
    expect(screen.getByText(M.enrolmentIntro)).toBeVisible();
    // Both ways to enrol are offered: the profile's own sections.
    expect(screen.getByRole('heading', { name: PASSKEY_MESSAGES.sectionTitle })).toBeVisible();
    const proceed = screen.getByRole('button', { name: M.enrolmentContinue });
    expect(proceed).toBeDisabled();
    expect(screen.getByText(M.enrolmentPending)).toBeVisible();

    await actor.click(await screen.findByRole('button', { name: M.enrol }));
    await actor.type(screen.getByLabelText(LABELS.currentPassword), 'my password');
    await actor.click(screen.getByRole('button', { name: M.start }));
    await actor.type(await screen.findByLabelText(M.code), '123456');
    await actor.click(screen.getByRole('button', { name: M.confirm }));
    expect(await screen.findByText(codes[0])).toBeVisible();
    await actor.click(screen.getByRole('button', { name: M.codesDone }));

    expect(await screen.findByRole('button', { name: M.enrolmentContinue })).toBeEnabled();
    await actor.click(screen.getByRole('button', { name: M.enrolmentContinue }));
    expect(auth.updateProfile).toHaveBeenCalledWith({ ...testUser, second_factor_due: undefined });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('counts a passkey as enrolled', async () => {
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: off,
      [`GET ${PASSKEY_PATHS.list}`]: {
        body: {
          data: [
            {
              id: 1,
              name: 'Laptop',
              synced: true,
              created_at: '2026-12-01T10:00:00.000Z',
              last_used_at: null,
            },
          ],
        },
      },
    });
    render();
    expect(await screen.findByText('Laptop')).toBeVisible();
    expect(screen.getByRole('button', { name: M.enrolmentContinue })).toBeEnabled();
  });

  it('signs out from the screen', async () => {
    const actor = userEvent.setup({ delay: null });
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: off,
      [`GET ${PASSKEY_PATHS.list}`]: { body: { data: [] } },
    });
    const { auth } = render();
    await actor.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('is due as soon as any call is refused with mfa_enrolment_required, and not toasted', async () => {
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: off,
      [`GET ${PASSKEY_PATHS.list}`]: { body: { data: [] } },
      'GET /api/refused': {
        status: 403,
        body: { message: M.enrolmentRequired, code: MFA_ENROLMENT_REQUIRED },
      },
    });
    const stop = listenForEnrolmentRefusals();
    const probe = api.injectEndpoints({
      endpoints: (build) => ({ refusedProbe: build.query<unknown, void>({ query: () => '/api/refused' }) }),
    });
    const { store } = renderWithProviders(<DueFlag />, { auth: { user: testUser } });
    expect(screen.getByTestId('due')).toHaveTextContent('false');
    await act(async () => {
      await store.dispatch(probe.endpoints.refusedProbe.initiate());
    });
    expect(screen.getByTestId('due')).toHaveTextContent('true');
    // Handled by the shell: no toast of the refusal.
    expect(screen.queryByText(M.enrolmentRequired)).not.toBeInTheDocument();
    stop();
  });

  it('sends a user who has nothing to enrol to the dashboard', async () => {
    fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: on,
      [`GET ${PASSKEY_PATHS.list}`]: { body: { data: [] } },
    });
    render(testUser);
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
