import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startRegistration } from '@simplewebauthn/browser';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { PASSKEY_PATHS, passkeyPath } from '../../shared/contracts/passkeys';
import { format, LABELS, validation } from '../../shared/messages';
import { PASSKEY_MESSAGES as M } from '../../shared/messages/passkeys';
import { ROUTES } from '../../shared/routes';
import { PasskeysSection } from './PasskeysSection';

jest.mock('@simplewebauthn/browser', () => ({ startRegistration: jest.fn() }));
const browserCreate = jest.mocked(startRegistration);

const laptop = {
  id: 4,
  name: 'Laptop',
  synced: true,
  created_at: '2026-11-30T10:00:00Z',
  last_used_at: null,
};
const render = () => renderWithProviders(<PasskeysSection />, { path: ROUTES.profile });

describe('PasskeysSection (Profile › Passkeys)', () => {
  it('adds a passkey: the current password and a name, then the browser creates it', async () => {
    const user = userEvent.setup({ delay: null });
    let list: object[] = [];
    const options = { challenge: 'abc', rp: { id: 'localhost', name: 'Admin' } };
    const network = fakeNetwork({
      [`GET ${PASSKEY_PATHS.list}`]: () => ({ body: { data: list } }),
      [`POST ${PASSKEY_PATHS.registrationOptions}`]: { body: { data: options } },
      [`POST ${PASSKEY_PATHS.list}`]: () => {
        list = [laptop];
        return { status: 201, body: { data: laptop, message: format(M.registered, { name: 'Laptop' }) } };
      },
    });
    browserCreate.mockResolvedValue({ id: 'cred' } as never);
    render();
    expect(await screen.findByText(M.none)).toBeVisible();
    await user.click(screen.getByRole('button', { name: M.add }));
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(validation.required(LABELS.currentPassword))).toBeVisible();
    expect(screen.getByText(validation.required(M.name))).toBeVisible();
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'my password');
    await user.type(screen.getByLabelText(M.name), ' Laptop ');
    await user.click(screen.getByRole('button', { name: M.create }));

    expect(await screen.findByText('Laptop')).toBeVisible();
    expect(browserCreate).toHaveBeenCalledWith({ optionsJSON: options });
    expect(network.requestsTo(PASSKEY_PATHS.list).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Laptop',
      response: { id: 'cred' },
    });
    expect(screen.getByText(new RegExp(M.synced))).toBeVisible();
  });

  it('shows a refused or cancelled browser prompt on the name', async () => {
    const user = userEvent.setup({ delay: null });
    fakeNetwork({
      [`GET ${PASSKEY_PATHS.list}`]: { body: { data: [] } },
      [`POST ${PASSKEY_PATHS.registrationOptions}`]: { body: { data: { challenge: 'abc' } } },
    });
    browserCreate.mockRejectedValue(new Error('NotAllowedError'));
    render();
    await user.click(await screen.findByRole('button', { name: M.add }));
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'my password');
    await user.type(screen.getByLabelText(M.name), 'Key');
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(M.registrationFailed)).toBeVisible();
  });

  it('removes a passkey with the current password', async () => {
    const user = userEvent.setup({ delay: null });
    let list: object[] = [laptop];
    const network = fakeNetwork({
      [`GET ${PASSKEY_PATHS.list}`]: () => ({ body: { data: list } }),
      [`DELETE ${passkeyPath(4)}`]: (request) => {
        if ((request.body as { current_password: string }).current_password !== 'right') {
          return {
            status: 422,
            body: {
              message: 'x',
              errors: { current_password: [validation.invalid(LABELS.currentPassword)] },
            },
          };
        }
        list = [];
        return { body: { message: format(M.removed, { name: 'Laptop' }) } };
      },
    });
    render();
    await user.click(await screen.findByRole('button', { name: `${M.remove} Laptop` }));
    expect(screen.getByRole('heading', { name: format(M.removeTitle, { name: 'Laptop' }) })).toBeVisible();
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'wrong');
    await user.click(screen.getByRole('button', { name: M.remove }));
    expect(await screen.findByText(validation.invalid(LABELS.currentPassword))).toBeVisible();
    await user.clear(screen.getByLabelText(LABELS.currentPassword));
    await user.type(screen.getByLabelText(LABELS.currentPassword), 'right');
    await user.click(screen.getByRole('button', { name: M.remove }));
    expect(await screen.findByText(M.none)).toBeVisible();
    expect(network.requestsTo(passkeyPath(4))).toHaveLength(2);
  });
});
