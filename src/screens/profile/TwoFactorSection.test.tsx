import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { TWO_FACTOR_PATHS } from '../../shared/contracts/twoFactor';
import { format, LABELS, validation } from '../../shared/messages';
import { TWO_FACTOR_MESSAGES as M } from '../../shared/messages/twoFactor';
import { ROUTES } from '../../shared/routes';
import { TwoFactorSection } from './TwoFactorSection';

const codes = Array.from({ length: 10 }, (_, i) => `code-${i}abc-defg-hjkm`);
const off = { body: { data: { enabled: false, recovery_codes_left: 0 } } };
const on = { body: { data: { enabled: true, recovery_codes_left: 7 } } };

const render = () => renderWithProviders(<TwoFactorSection />, { path: ROUTES.profile });

describe('TwoFactorSection (Profile › Two-factor sign-in)', () => {
  it('enrols: current password, then the QR code and the key, then a code; shows the recovery codes once', async () => {
    const user = userEvent.setup({ delay: null });
    let enabled = false;
    const network = fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: () => (enabled ? on : off),
      [`POST ${TWO_FACTOR_PATHS.status}`]: {
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauth_uri: 'otpauth://totp/x',
            qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
      [`POST ${TWO_FACTOR_PATHS.confirm}`]: (request) => {
        if ((request.body as { code: string }).code !== '123456') {
          return { status: 422, body: { message: M.invalidCode, errors: { code: [M.invalidCode] } } };
        }
        enabled = true;
        return { body: { data: { recovery_codes: codes }, message: M.enabled } };
      },
    });
    render();
    expect(await screen.findByText(M.statusOff)).toBeVisible();
    await user.click(screen.getByRole('button', { name: M.enrol }));
    await user.click(screen.getByRole('button', { name: M.start }));
    expect(await screen.findByText(validation.required(LABELS.currentPassword))).toBeVisible();
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'my password');
    await user.click(screen.getByRole('button', { name: M.start }));

    expect(await screen.findByRole('img', { name: M.qrAlt })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByLabelText(M.secretLabel)).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(network.requestsTo(TWO_FACTOR_PATHS.status).find((r) => r.method === 'POST')?.body).toEqual({
      current_password: 'my password',
    });

    await user.type(screen.getByLabelText(M.code), '654321');
    await user.click(screen.getByRole('button', { name: M.confirm }));
    expect(await screen.findAllByText(M.invalidCode)).not.toHaveLength(0);
    await user.clear(screen.getByLabelText(M.code));
    await user.type(screen.getByLabelText(M.code), '123 456');
    await user.click(screen.getByRole('button', { name: M.confirm }));

    const list = await screen.findByRole('list', { name: M.codesTitle });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: M.downloadCodes })).toBeVisible();
    await user.click(screen.getByRole('button', { name: M.copyCodes }));
    expect(await navigator.clipboard.readText()).toBe(`${codes.join('\n')}\n`);
    await user.click(screen.getByRole('button', { name: M.codesDone }));
    expect(screen.queryByRole('list', { name: M.codesTitle })).not.toBeInTheDocument();
    expect(await screen.findByText(M.statusOn, { exact: false })).toBeVisible();
    expect(screen.getByText(format(M.recoveryLeft, { count: 7 }), { exact: false })).toBeVisible();
  });

  it('turns off with a code from the app', async () => {
    const user = userEvent.setup({ delay: null });
    const network = fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: on,
      [`DELETE ${TWO_FACTOR_PATHS.status}`]: { body: { message: M.disabled } },
    });
    render();
    await user.click(await screen.findByRole('button', { name: M.disable }));
    await user.click(screen.getByRole('button', { name: M.disable }));
    expect(await screen.findAllByText(M.passwordOrCode)).not.toHaveLength(0);
    await user.type(screen.getByLabelText(M.code), '123456');
    await user.click(screen.getByRole('button', { name: M.disable }));
    expect(await screen.findByText(M.disabled)).toBeVisible();
    expect(network.requestsTo(TWO_FACTOR_PATHS.status).find((r) => r.method === 'DELETE')?.body).toEqual({
      code: '123456',
    });
  });

  it('makes new recovery codes with the current password and shows them', async () => {
    const user = userEvent.setup({ delay: null });
    const network = fakeNetwork({
      [`GET ${TWO_FACTOR_PATHS.status}`]: on,
      [`POST ${TWO_FACTOR_PATHS.recoveryCodes}`]: {
        body: { data: { recovery_codes: codes }, message: M.codesRegenerated },
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: M.regenerate }));
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'my password');
    await user.click(screen.getByRole('button', { name: M.regenerate }));
    expect(await screen.findByRole('list', { name: M.codesTitle })).toBeVisible();
    expect(network.requestsTo(TWO_FACTOR_PATHS.recoveryCodes)[0].body).toEqual({
      current_password: 'my password',
    });
  });
});
