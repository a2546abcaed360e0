import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResetPasswordInput } from '../src/shared/contracts/account';
import {
  resetPasswordMachine,
  resetPasswordState,
  type ResetPasswordMachineInput,
} from './resetPasswordMachine';
import { deferred } from '../test/async';

const values = { password: 'new-password-1', password_confirmation: 'new-password-1' };

interface Fakes {
  checkToken?: (token: string) => Promise<{ email: string }>;
  resetPassword?: (input: ResetPasswordInput) => Promise<unknown>;
}

function startReset(input: ResetPasswordMachineInput, fakes: Fakes = {}) {
  const checkToken = jest.fn(fakes.checkToken ?? (async () => ({ email: 'ada@example.com' })));
  const resetPassword = jest.fn(fakes.resetPassword ?? (async () => ({ message: 'ok' })));
  const actor = createActor(
    resetPasswordMachine.provide({
      actors: {
        checkToken: fromPromise<{ email: string }, { token: string }>(({ input }) => checkToken(input.token)),
        resetPassword: fromPromise<unknown, ResetPasswordInput>(({ input }) => resetPassword(input)),
      },
    }),
    { input },
  ).start();
  const state = () => resetPasswordState(actor.getSnapshot());
  return { actor, state, checkToken, resetPassword };
}

async function startValid(fakes: Fakes = {}) {
  const started = startReset({ token: 'tok-1', email: 'link@example.com' }, fakes);
  await waitFor(started.actor, (s) => resetPasswordState(s) === 'valid');
  return started;
}

describe('resetPasswordMachine token check', () => {
  it('is checking while the token is verified', () => {
    const { state, checkToken } = startReset(
      { token: 'tok-1', email: null },
      { checkToken: () => new Promise(() => {}) },
    );
    expect(state()).toBe('checking');
    expect(checkToken).toHaveBeenCalledWith('tok-1');
  });

  it('is valid with the e-mail the server holds for the token', async () => {
    const { actor, state } = await startValid();
    expect(state()).toBe('valid');
    expect(actor.getSnapshot().context.email).toBe('ada@example.com');
  });

  it('is token-expired when the check answers 410', async () => {
    const { actor, state } = startReset(
      { token: 'tok-1', email: null },
      { checkToken: () => Promise.reject({ status: 410, data: { message: 'The token has expired' } }) },
    );
    await waitFor(actor, (s) => resetPasswordState(s) !== 'checking');
    expect(state()).toBe('token-expired');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it.each([null, ''])('is token-expired without a check when the link has no token (%p)', (token) => {
    const { state, checkToken } = startReset({ token, email: 'ada@example.com' });
    expect(state()).toBe('token-expired');
    expect(checkToken).not.toHaveBeenCalled();
  });
});

describe('resetPasswordMachine submit', () => {
  it('submits the new password with the token and the checked e-mail', async () => {
    const pending = deferred<unknown>();
    const { actor, state, resetPassword } = await startValid({ resetPassword: () => pending.promise });
    actor.send({ type: 'SUBMIT', ...values });
    expect(state()).toBe('submitting');
    expect(resetPassword).toHaveBeenCalledWith({
      token: 'tok-1',
      email: 'ada@example.com',
      ...values,
    });
  });

  it('is done when the server accepts the new password', async () => {
    const { actor, state } = await startValid();
    actor.send({ type: 'SUBMIT', ...values });
    await waitFor(actor, (s) => resetPasswordState(s) !== 'submitting');
    expect(state()).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('goes back to valid with the first message per field on a 422', async () => {
    const { actor, state } = await startValid({
      resetPassword: () =>
        Promise.reject({
          status: 422,
          data: {
            message: 'Password min 8 character',
            errors: { password: ['Password min 8 character', 'other'], email: 'Email is invalid' },
          },
        }),
    });
    actor.send({ type: 'SUBMIT', ...values });
    await waitFor(actor, (s) => resetPasswordState(s) !== 'submitting');
    expect(state()).toBe('valid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      password: 'Password min 8 character',
      email: 'Email is invalid',
    });
  });

  it('clears the previous field errors when submitting again', async () => {
    let attempt = 0;
    const { actor } = await startValid({
      resetPassword: () =>
        ++attempt === 1
          ? Promise.reject({ status: 422, data: { errors: { password: ['too short'] } } })
          : new Promise(() => {}),
    });
    actor.send({ type: 'SUBMIT', ...values });
    await waitFor(actor, (s) => resetPasswordState(s) === 'valid');
    actor.send({ type: 'SUBMIT', ...values });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('is token-expired when the submit answers 410', async () => {
    const { actor, state } = await startValid({
      resetPassword: () => Promise.reject({ status: 410, data: { message: 'The token has expired' } }),
    });
    actor.send({ type: 'SUBMIT', ...values });
    await waitFor(actor, (s) => resetPasswordState(s) !== 'submitting');
    expect(state()).toBe('token-expired');
  });

  it('stays on the form without field errors on other failures (the toast says why)', async () => {
    const { actor, state } = await startValid({
      resetPassword: () => Promise.reject({ status: 500, data: { message: 'Server Error' } }),
    });
    actor.send({ type: 'SUBMIT', ...values });
    await waitFor(actor, (s) => resetPasswordState(s) !== 'submitting');
    expect(state()).toBe('valid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('ignores SUBMIT while checking and while submitting', async () => {
    const check = deferred<{ email: string }>();
    const { actor, resetPassword } = startReset(
      { token: 'tok-1', email: null },
      { checkToken: () => check.promise, resetPassword: () => new Promise(() => {}) },
    );
    actor.send({ type: 'SUBMIT', ...values });
    expect(resetPassword).not.toHaveBeenCalled();
    check.resolve({ email: 'ada@example.com' });
    await waitFor(actor, (s) => resetPasswordState(s) === 'valid');
    actor.send({ type: 'SUBMIT', ...values });
    actor.send({ type: 'SUBMIT', ...values });
    expect(resetPassword).toHaveBeenCalledTimes(1);
  });
});
