import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginInput, User } from '../src/shared/contracts/account';
import {
  authMachine,
  authPhase,
  isAwaitingSecondFactor,
  isSigningIn,
  isSigningOut,
  reauthReason,
  type SignInInput,
} from './authMachine';
import { testUser as user } from '../test/accountFixtures';
import { deferred, flush } from '../test/async';

const credentials: LoginInput = { username: 'ada@example.com', password: 'secret-password' };

interface Fakes {
  validToken?: boolean;
  /** An expired access token with a refresh token is stored. */
  refreshToken?: boolean;
  /** Some session value is stored (default: whenever a token is). */
  storedSession?: boolean;
  fetchUser?: () => Promise<User>;
  signIn?: (input: SignInInput) => Promise<void>;
  logout?: () => Promise<void>;
  refreshSession?: () => Promise<void>;
  /** The account an earlier visit stored (the machine's input). */
  storedUser?: User;
}

function startAuth(fakes: Fakes = {}) {
  const clearToken = jest.fn();
  const discardDrafts = jest.fn();
  const resumeRequests = jest.fn();
  const abandonRequests = jest.fn();
  const announceUserSwitch = jest.fn();
  const signIn = jest.fn(fakes.signIn ?? (async () => undefined));
  const fetchUser = jest.fn(fakes.fetchUser ?? (async () => user));
  const logout = jest.fn(fakes.logout ?? (async () => undefined));
  const refreshSession = jest.fn(fakes.refreshSession ?? (async () => undefined));
  const actor = createActor(
    authMachine.provide({
      guards: {
        hasValidToken: () => fakes.validToken ?? false,
        hasRefreshToken: () => fakes.refreshToken ?? false,
        hasStoredSession: () => fakes.storedSession ?? Boolean(fakes.validToken || fakes.refreshToken),
      },
      actions: {
        clearToken,
        discardDrafts: (_, params) => discardDrafts(params),
        resumeRequests,
        abandonRequests,
        announceUserSwitch: (_, params) => announceUserSwitch(params),
      },
      actors: {
        signIn: fromPromise<void, SignInInput>(({ input }) => signIn(input)),
        fetchUser: fromPromise<User>(() => fetchUser()),
        logout: fromPromise<void>(() => logout()),
        refreshSession: fromPromise<void>(() => refreshSession()),
      },
    }),
    { input: { storedUser: fakes.storedUser ?? null } },
  ).start();
  const phase = () => authPhase(actor.getSnapshot());
  return {
    actor,
    phase,
    clearToken,
    discardDrafts,
    resumeRequests,
    abandonRequests,
    announceUserSwitch,
    signIn,
    fetchUser,
    logout,
    refreshSession,
  };
}

/** Starts signed in with `user` loaded. */
async function startSignedIn(fakes: Fakes = {}) {
  const started = startAuth({ validToken: true, ...fakes });
  await waitFor(started.actor, (s) => authPhase(s) === 'auth');
  return started;
}

describe('authMachine on start', () => {
  it('is loading and fetches the user when a valid token is stored', () => {
    const pending = deferred<User>();
    const { phase, fetchUser } = startAuth({ validToken: true, fetchUser: () => pending.promise });
    expect(phase()).toBe('loading');
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('becomes auth with the fetched user', async () => {
    const { actor, phase } = startAuth({ validToken: true });
    await waitFor(actor, (s) => authPhase(s) !== 'loading');
    expect(phase()).toBe('auth');
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('clears the token and becomes no-auth when the user fetch fails', async () => {
    const { actor, phase, clearToken } = startAuth({
      validToken: true,
      fetchUser: () => Promise.reject(new Error('401')),
    });
    await waitFor(actor, (s) => authPhase(s) !== 'loading');
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('is no-auth without fetching when no valid token is stored', () => {
    const { phase, fetchUser, clearToken } = startAuth({ validToken: false });
    expect(phase()).toBe('no-auth');
    expect(fetchUser).not.toHaveBeenCalled();
    expect(clearToken).not.toHaveBeenCalled();
  });

  it('goes no-auth and clears the token on a 401 while the user is loading', () => {
    const pending = deferred<User>();
    const { actor, phase, clearToken } = startAuth({
      validToken: true,
      fetchUser: () => pending.promise,
    });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
  });

  it('goes no-auth when another tab clears the session while the user is loading', () => {
    const pending = deferred<User>();
    const { actor, phase, clearToken } = startAuth({
      validToken: true,
      fetchUser: () => pending.promise,
    });
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
  });
});

describe('authMachine sign-in (LOGIN)', () => {
  it('is signing in while the token request runs, still in the no-auth phase', () => {
    const pending = deferred<void>();
    const { actor, phase, signIn } = startAuth({ signIn: () => pending.promise });
    actor.send({ type: 'LOGIN', credentials });
    expect(phase()).toBe('no-auth');
    expect(isSigningIn(actor.getSnapshot())).toBe(true);
    expect(signIn).toHaveBeenCalledWith(credentials);
  });

  it('fetches the user after a successful sign-in and becomes auth with it', async () => {
    const pendingUser = deferred<User>();
    const { actor, phase, fetchUser } = startAuth({ fetchUser: () => pendingUser.promise });
    actor.send({ type: 'LOGIN', credentials });
    await waitFor(actor, (s) => authPhase(s) === 'loading');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    pendingUser.resolve(user);
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(phase()).toBe('auth');
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('clears the token and stays no-auth with the error when sign-in fails', async () => {
    const failure = { status: 400, data: { message: 'The user credentials were incorrect.' } };
    const { actor, phase, clearToken, fetchUser } = startAuth({
      signIn: () => Promise.reject(failure),
    });
    actor.send({ type: 'LOGIN', credentials });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(fetchUser).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.signInError).toBe(failure);
  });

  it('forgets the previous error when the next attempt starts', async () => {
    let attempts = 0;
    const { actor } = startAuth({
      signIn: () => (++attempts === 1 ? Promise.reject(new Error('bad')) : new Promise(() => {})),
    });
    actor.send({ type: 'LOGIN', credentials });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().context.signInError).toBeInstanceOf(Error);
    actor.send({ type: 'LOGIN', credentials });
    expect(actor.getSnapshot().context.signInError).toBeNull();
  });

  it('ignores a second LOGIN while the first is in flight', () => {
    const { actor, signIn } = startAuth({ signIn: () => new Promise(() => {}) });
    actor.send({ type: 'LOGIN', credentials });
    actor.send({ type: 'LOGIN', credentials });
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it('ignores LOGIN once signed in', async () => {
    const { actor, signIn, phase } = await startSignedIn();
    actor.send({ type: 'LOGIN', credentials });
    expect(signIn).not.toHaveBeenCalled();
    expect(phase()).toBe('auth');
  });
});

describe('authMachine second factor (VERIFY_SECOND_FACTOR, CANCEL_SECOND_FACTOR)', () => {
  /** What the token endpoint answers a right password of an account with an authenticator app. */
  const mfaRequired = {
    status: 403,
    data: {
      error: 'mfa_required',
      error_description: 'Multifactor authentication required',
      mfa_token: 'mfa-1',
    },
  };

  /**
   * Signed out, the password sent and answered with mfa_required; `second` answers the second step
   * (the signIn actor with the mfa_token and the code).
   */
  async function startAwaiting(second: (input: SignInInput) => Promise<void> = async () => undefined) {
    const started = startAuth({
      signIn: (input) => ('mfaToken' in input ? second(input) : Promise.reject(mfaRequired)),
    });
    started.actor.send({ type: 'LOGIN', credentials });
    await waitFor(started.actor, (s) => s.matches({ 'no-auth': 'secondFactor' }));
    return started;
  }

  it('asks for the second factor when the password is right and one is due, without an error or a cleared token', async () => {
    const { actor, phase, clearToken, fetchUser } = await startAwaiting();
    expect(phase()).toBe('no-auth');
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(true);
    expect(isSigningIn(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.signInError).toBeNull();
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-1');
    expect(clearToken).not.toHaveBeenCalled();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('does not take another 403 for a second-factor request', async () => {
    const forbidden = { status: 403, data: { message: 'This action is unauthorized.' } };
    const { actor } = startAuth({ signIn: () => Promise.reject(forbidden) });
    actor.send({ type: 'LOGIN', credentials });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ 'no-auth': 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(forbidden);
  });

  it('sends the mfa_token with the code, is signing in meanwhile, then loads the user and is auth', async () => {
    const pending = deferred<void>();
    const { actor, phase, signIn, fetchUser } = await startAwaiting(() => pending.promise);
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '123456' } });
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-1', otp: '123456' });
    expect(isSigningIn(actor.getSnapshot())).toBe(true);
    // The code step stays on screen while the code is checked.
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(true);
    expect(phase()).toBe('no-auth');
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
  });

  it('sends a recovery code the same way', async () => {
    const { actor, signIn } = await startAwaiting();
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { recovery_code: 'abcd-efgh-jkmn-pqrs' } });
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-1', recovery_code: 'abcd-efgh-jkmn-pqrs' });
  });

  it('asks again with the error when the code is wrong, keeping the mfa_token; the next try forgets the error', async () => {
    const wrong = { status: 400, data: { error: 'invalid_grant', message: 'The code is not valid.' } };
    let tries = 0;
    const { actor, signIn, clearToken } = await startAwaiting(() =>
      ++tries === 1 ? Promise.reject(wrong) : new Promise(() => {}),
    );
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '000000' } });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().matches({ 'no-auth': 'secondFactor' })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(wrong);
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-1');
    expect(clearToken).not.toHaveBeenCalled();
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '111111' } });
    expect(actor.getSnapshot().context.signInError).toBeNull();
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-1', otp: '111111' });
  });

  it('ignores a second code while the first is in flight', async () => {
    const { actor, signIn } = await startAwaiting(() => new Promise(() => {}));
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '123456' } });
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '123456' } });
    // The password, then one code.
    expect(signIn).toHaveBeenCalledTimes(2);
  });

  it('goes back to the e-mail and password on CANCEL_SECOND_FACTOR, forgetting the mfa_token', async () => {
    const { actor, signIn } = await startAwaiting();
    actor.send({ type: 'CANCEL_SECOND_FACTOR' });
    expect(actor.getSnapshot().matches({ 'no-auth': 'idle' })).toBe(true);
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.signInError).toBeNull();
    actor.send({ type: 'LOGIN', credentials });
    expect(signIn).toHaveBeenLastCalledWith(credentials);
  });

  it('ignores VERIFY_SECOND_FACTOR when no second factor was asked for', () => {
    const { actor, signIn } = startAuth();
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '123456' } });
    expect(signIn).not.toHaveBeenCalled();
    expect(actor.getSnapshot().matches({ 'no-auth': 'idle' })).toBe(true);
  });

  it('picks up a session another tab signed in with while the code is asked for (FETCH_USER)', async () => {
    const { actor, phase } = await startAwaiting();
    actor.send({ type: 'FETCH_USER' });
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(phase()).toBe('auth');
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
  });
});

describe('authMachine passkeys (PASSKEY_SIGN_IN, a passkey as the second factor)', () => {
  const mfaRequired = (factors: unknown) => ({
    status: 403,
    data: { error: 'mfa_required', mfa_token: 'mfa-2', mfa_factors: factors },
  });

  it('signs in with a passkey alone: the signIn actor asked for one, signing in meanwhile, then the user is loaded', async () => {
    const pending = deferred<void>();
    const { actor, signIn, fetchUser } = startAuth({ signIn: () => pending.promise });
    actor.send({ type: 'PASSKEY_SIGN_IN' });
    expect(signIn).toHaveBeenLastCalledWith({ passkey: true });
    expect(isSigningIn(actor.getSnapshot())).toBe(true);
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(false);
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('a refused or cancelled passkey sign-in is back at the e-mail and password with the error', async () => {
    const refused = {
      status: 400,
      data: { error: 'invalid_grant', message: 'The passkey was not accepted.' },
    };
    const { actor, clearToken } = startAuth({ signIn: () => Promise.reject(refused) });
    actor.send({ type: 'PASSKEY_SIGN_IN' });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().matches({ 'no-auth': 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(refused);
    expect(clearToken).toHaveBeenCalled();
  });

  it('ignores PASSKEY_SIGN_IN while a sign-in is in flight or once signed in', async () => {
    const { actor, signIn } = startAuth({ signIn: () => new Promise(() => {}) });
    actor.send({ type: 'LOGIN', credentials });
    actor.send({ type: 'PASSKEY_SIGN_IN' });
    expect(signIn).toHaveBeenCalledTimes(1);
    const signedIn = await startSignedIn();
    signedIn.actor.send({ type: 'PASSKEY_SIGN_IN' });
    expect(signedIn.signIn).not.toHaveBeenCalled();
  });

  it('keeps the factors mfa_required named; an answer naming none means the authenticator app', async () => {
    const both = startAuth({ signIn: () => Promise.reject(mfaRequired(['otp', 'passkey'])) });
    both.actor.send({ type: 'LOGIN', credentials });
    await waitFor(both.actor, (s) => s.matches({ 'no-auth': 'secondFactor' }));
    expect(both.actor.getSnapshot().context.mfaFactors).toEqual(['otp', 'passkey']);
    both.actor.send({ type: 'CANCEL_SECOND_FACTOR' });
    expect(both.actor.getSnapshot().context.mfaFactors).toEqual([]);

    const older = startAuth({ signIn: () => Promise.reject(mfaRequired(undefined)) });
    older.actor.send({ type: 'LOGIN', credentials });
    await waitFor(older.actor, (s) => s.matches({ 'no-auth': 'secondFactor' }));
    expect(older.actor.getSnapshot().context.mfaFactors).toEqual(['otp']);
  });

  it('sends a passkey as the second factor with the mfa_token; a refused one asks again', async () => {
    const refused = {
      status: 400,
      data: { error: 'invalid_grant', message: 'The passkey was not accepted.' },
    };
    let tries = 0;
    const { actor, signIn } = startAuth({
      signIn: (input) =>
        'mfaToken' in input
          ? ++tries === 1
            ? Promise.reject(refused)
            : Promise.resolve()
          : Promise.reject(mfaRequired(['passkey'])),
    });
    actor.send({ type: 'LOGIN', credentials });
    await waitFor(actor, (s) => s.matches({ 'no-auth': 'secondFactor' }));
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { passkey: true } });
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-2', passkey: true });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().matches({ 'no-auth': 'secondFactor' })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(refused);
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { passkey: true } });
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(actor.getSnapshot().context.mfaFactors).toEqual([]);
  });
});

describe('authMachine fetching the user (FETCH_USER)', () => {
  it('loads the user when signed out, e.g. after another tab signed in', async () => {
    const { actor, phase, fetchUser } = startAuth({ validToken: false });
    actor.send({ type: 'FETCH_USER' });
    expect(phase()).toBe('loading');
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });
});

describe('authMachine sign-out (LOGOUT)', () => {
  it('keeps the auth phase while the logout call runs and clears the token only after it', async () => {
    const pending = deferred<void>();
    const { actor, phase, clearToken, logout } = await startSignedIn({
      logout: () => pending.promise,
    });
    actor.send({ type: 'LOGOUT' });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(isSigningOut(actor.getSnapshot())).toBe(true);
    expect(phase()).toBe('auth');
    expect(clearToken).not.toHaveBeenCalled();
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it("removes the user's drafts at sign-out", async () => {
    const { actor, discardDrafts } = await startSignedIn();
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(discardDrafts).toHaveBeenCalledWith({ userId: user.id });
  });

  it('still clears the token and signs out when the logout call fails', async () => {
    const { actor, clearToken } = await startSignedIn({
      logout: () => Promise.reject(new Error('network down')),
    });
    actor.send({ type: 'LOGOUT' });
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('ignores LOGOUT when signed out', async () => {
    const { actor, logout, phase } = startAuth();
    actor.send({ type: 'LOGOUT' });
    await flush();
    expect(logout).not.toHaveBeenCalled();
    expect(phase()).toBe('no-auth');
  });
});

describe('authMachine profile update (UPDATE_PROFILE)', () => {
  it('replaces the user only and stays auth', async () => {
    const { actor, phase, fetchUser, clearToken } = await startSignedIn();
    const updated: User = { ...user, name: 'Ada King' };
    actor.send({ type: 'UPDATE_PROFILE', user: updated });
    expect(phase()).toBe('auth');
    expect(actor.getSnapshot().context.user).toEqual(updated);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(clearToken).not.toHaveBeenCalled();
  });

  it('is ignored when signed out', () => {
    const { actor } = startAuth();
    actor.send({ type: 'UPDATE_PROFILE', user });
    expect(actor.getSnapshot().context.user).toBeNull();
  });
});

describe('authMachine cross-tab sign-out (SESSION_CLEARED)', () => {
  it('goes no-auth when another tab cleared the session', async () => {
    const { actor, phase, clearToken, abandonRequests } = await startSignedIn();
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(abandonRequests).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('does nothing on a 401 when already signed out', () => {
    const { actor, clearToken, phase } = startAuth();
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).not.toHaveBeenCalled();
  });
});

describe('authMachine start with an expired access token', () => {
  it('refreshes with the stored refresh token instead of signing out, then loads the user', async () => {
    const pending = deferred<void>();
    const { actor, phase, refreshSession, fetchUser } = startAuth({
      refreshToken: true,
      refreshSession: () => pending.promise,
    });
    expect(phase()).toBe('loading');
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(fetchUser).not.toHaveBeenCalled();
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('clears the stored session and goes no-auth when the refresh fails', async () => {
    const { actor, phase, clearToken, fetchUser } = startAuth({
      refreshToken: true,
      refreshSession: () => Promise.reject(new Error('invalid_grant')),
    });
    await waitFor(actor, (s) => authPhase(s) !== 'loading');
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('clears an expired session that has no refresh token, without calling the server', () => {
    const { phase, clearToken, refreshSession, fetchUser } = startAuth({ storedSession: true });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('goes no-auth when another tab clears the session during the refresh', () => {
    const { actor, phase } = startAuth({ refreshToken: true, refreshSession: () => new Promise(() => {}) });
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
  });
});

describe('authMachine session end without loss (re-auth)', () => {
  /** Signed in, then a request answered 401: the dialog asks for the password. */
  async function startEnded(fakes: Fakes = {}) {
    const started = await startSignedIn(fakes);
    started.actor.send({ type: 'UNAUTHORIZED' });
    return started;
  }

  it('keeps the user and the auth phase on a 401 and asks for the password (reason ended)', async () => {
    const { actor, phase, clearToken, abandonRequests } = await startEnded();
    expect(phase()).toBe('auth');
    expect(reauthReason(actor.getSnapshot())).toBe('ended');
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(clearToken).not.toHaveBeenCalled();
    expect(abandonRequests).not.toHaveBeenCalled();
  });

  it('warns when the token cannot be refreshed (reason expiring); a 401 then makes it ended', async () => {
    const { actor, phase } = await startSignedIn();
    actor.send({ type: 'SESSION_EXPIRING' });
    expect(phase()).toBe('auth');
    expect(reauthReason(actor.getSnapshot())).toBe('expiring');
    actor.send({ type: 'UNAUTHORIZED' });
    expect(reauthReason(actor.getSnapshot())).toBe('ended');
  });

  it('has no reason while the session is fine', async () => {
    const { actor } = await startSignedIn();
    expect(reauthReason(actor.getSnapshot())).toBeNull();
  });

  it('signs the same user in again and resumes the waiting requests', async () => {
    const pendingSignIn = deferred<void>();
    const { actor, signIn, fetchUser, resumeRequests, abandonRequests, phase } = await startEnded({
      signIn: () => pendingSignIn.promise,
    });
    actor.send({ type: 'REAUTHENTICATE', credentials });
    expect(signIn).toHaveBeenCalledWith(credentials);
    expect(isSigningIn(actor.getSnapshot())).toBe(true);
    expect(resumeRequests).not.toHaveBeenCalled();
    pendingSignIn.resolve();
    await waitFor(actor, (s) => reauthReason(s) === null);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(resumeRequests).toHaveBeenCalledTimes(1);
    expect(abandonRequests).not.toHaveBeenCalled();
    expect(phase()).toBe('auth');
    expect(actor.getSnapshot().matches({ auth: 'idle' })).toBe(true);
  });

  it('stays in the dialog with the error when the password is wrong; the requests keep waiting', async () => {
    const failure = { status: 400, data: { message: 'The user credentials were incorrect.' } };
    const { actor, clearToken, resumeRequests, abandonRequests } = await startEnded({
      signIn: () => Promise.reject(failure),
    });
    actor.send({ type: 'REAUTHENTICATE', credentials });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(reauthReason(actor.getSnapshot())).toBe('ended');
    expect(actor.getSnapshot().context.signInError).toBe(failure);
    expect(actor.getSnapshot().context.user).toEqual(user);
    expect(clearToken).not.toHaveBeenCalled();
    expect(resumeRequests).not.toHaveBeenCalled();
    expect(abandonRequests).not.toHaveBeenCalled();
  });

  it('stays in the dialog when the user cannot be loaded after the sign-in', async () => {
    let calls = 0;
    const { actor, resumeRequests } = await startEnded({
      fetchUser: () => (++calls === 1 ? Promise.resolve(user) : Promise.reject(new Error('down'))),
    });
    actor.send({ type: 'REAUTHENTICATE', credentials });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(reauthReason(actor.getSnapshot())).toBe('ended');
    expect(resumeRequests).not.toHaveBeenCalled();
  });

  it("takes another user, abandons the requests, discards the previous user's drafts and says so", async () => {
    const other: User = { ...user, id: 2, name: 'Grace Hopper', email: 'grace@example.com' };
    let calls = 0;
    const { actor, resumeRequests, abandonRequests, discardDrafts, announceUserSwitch } = await startEnded({
      fetchUser: async () => (++calls === 1 ? user : other),
    });
    actor.send({ type: 'REAUTHENTICATE', credentials: { username: other.email, password: 'x' } });
    await waitFor(actor, (s) => reauthReason(s) === null);
    expect(actor.getSnapshot().context.user).toEqual(other);
    expect(abandonRequests).toHaveBeenCalledTimes(1);
    expect(resumeRequests).not.toHaveBeenCalled();
    expect(discardDrafts).toHaveBeenCalledWith({ userId: user.id });
    expect(announceUserSwitch).toHaveBeenCalledWith({ user: other });
  });

  it('checks a session another tab stored (FETCH_USER) and resumes for the same user', async () => {
    const { actor, signIn, resumeRequests } = await startEnded();
    actor.send({ type: 'FETCH_USER' });
    await waitFor(actor, (s) => reauthReason(s) === null);
    expect(signIn).not.toHaveBeenCalled();
    expect(resumeRequests).toHaveBeenCalledTimes(1);
  });

  it('signs out from the dialog: abandons the requests, then logs out as usual', async () => {
    const { actor, phase, abandonRequests, logout, clearToken, discardDrafts } = await startEnded();
    actor.send({ type: 'LOGOUT' });
    expect(abandonRequests).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(discardDrafts).toHaveBeenCalledWith({ userId: user.id });
  });

  it('goes no-auth when another tab signs out while the dialog is open', async () => {
    const { actor, phase, abandonRequests } = await startEnded();
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
    expect(abandonRequests).toHaveBeenCalledTimes(1);
  });

  it('abandons the requests of a 401 while the user is still loading (no dialog: signed out)', () => {
    const { actor, phase, abandonRequests } = startAuth({
      validToken: true,
      fetchUser: () => new Promise(() => {}),
    });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(abandonRequests).toHaveBeenCalledTimes(1);
  });
});

describe('authMachine session dialog second factor (re-auth, VERIFY_SECOND_FACTOR, CANCEL_SECOND_FACTOR)', () => {
  const mfaRequired = {
    status: 403,
    data: { error: 'mfa_required', mfa_token: 'mfa-3', mfa_factors: ['otp', 'passkey'] },
  };

  /** Signed in, a 401, then the password in the dialog answered with mfa_required. */
  async function startDialogSecondFactor(
    second: (input: SignInInput) => Promise<void> = async () => undefined,
  ) {
    const started = await startSignedIn({
      signIn: (input) => ('mfaToken' in input ? second(input) : Promise.reject(mfaRequired)),
    });
    started.actor.send({ type: 'UNAUTHORIZED' });
    started.actor.send({ type: 'REAUTHENTICATE', credentials });
    await waitFor(started.actor, (s) => s.matches({ auth: { reauth: 'secondFactor' } }));
    return started;
  }

  it('asks for the second factor in the dialog when the password is right: still auth, the requests still waiting', async () => {
    const { actor, phase, clearToken, abandonRequests, resumeRequests } = await startDialogSecondFactor();
    expect(phase()).toBe('auth');
    expect(reauthReason(actor.getSnapshot())).toBe('ended');
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.mfaFactors).toEqual(['otp', 'passkey']);
    expect(actor.getSnapshot().context.signInError).toBeNull();
    expect(clearToken).not.toHaveBeenCalled();
    expect(abandonRequests).not.toHaveBeenCalled();
    expect(resumeRequests).not.toHaveBeenCalled();
  });

  it('sends the code with the mfa_token, then checks the user and resumes the requests', async () => {
    const { actor, signIn, resumeRequests } = await startDialogSecondFactor();
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '123456' } });
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-3', otp: '123456' });
    await waitFor(actor, (s) => s.matches({ auth: 'idle' }));
    expect(resumeRequests).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
    expect(reauthReason(actor.getSnapshot())).toBeNull();
  });

  it('asks again with the error when the code is wrong, keeping the mfa_token', async () => {
    const wrong = { status: 400, data: { error: 'invalid_grant', message: 'The code is not valid.' } };
    const { actor } = await startDialogSecondFactor(() => Promise.reject(wrong));
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { passkey: true } });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().matches({ auth: { reauth: 'secondFactor' } })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(wrong);
    expect(actor.getSnapshot().context.mfaToken).toBe('mfa-3');
  });

  it('goes back to the password in the dialog on CANCEL_SECOND_FACTOR; LOGOUT still signs out', async () => {
    const { actor, abandonRequests } = await startDialogSecondFactor();
    actor.send({ type: 'CANCEL_SECOND_FACTOR' });
    expect(actor.getSnapshot().matches({ auth: { reauth: 'prompt' } })).toBe(true);
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(false);
    const again = await startDialogSecondFactor();
    again.actor.send({ type: 'LOGOUT' });
    await waitFor(again.actor, (s) => authPhase(s) === 'no-auth');
    expect(again.abandonRequests).toHaveBeenCalled();
    expect(abandonRequests).not.toHaveBeenCalled();
  });

  it('picks up a session another tab stored while the code is asked for (FETCH_USER)', async () => {
    const { actor, resumeRequests } = await startDialogSecondFactor();
    actor.send({ type: 'FETCH_USER' });
    await waitFor(actor, (s) => s.matches({ auth: 'idle' }));
    expect(resumeRequests).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.mfaToken).toBeNull();
  });
});

describe('authMachine start from the stored account (issue #15)', () => {
  const stored: User = { ...user, name: 'Ada (stored)', permissions: ['products.index'] };
  const state = (actor: { getSnapshot(): { value: unknown } }) => actor.getSnapshot().value;

  it('is auth at once with the stored account, and asks the server only on REFRESH_ACCOUNT', async () => {
    const { actor, phase, fetchUser } = startAuth({ validToken: true, storedUser: stored });
    expect(phase()).toBe('auth');
    expect(state(actor)).toEqual({ auth: { unconfirmed: 'stored' } });
    expect(actor.getSnapshot().context.user).toEqual(stored);
    expect(fetchUser).not.toHaveBeenCalled();

    actor.send({ type: 'REFRESH_ACCOUNT' });
    expect(state(actor)).toEqual({ auth: { unconfirmed: 'refreshing' } });
    expect(phase()).toBe('auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches({ auth: 'idle' }));
    // The server's account (its name and permissions) replaces the stored one.
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('ignores a stored account when the access token expired: refreshes, then loads the account', async () => {
    const { actor, phase, refreshSession, fetchUser } = startAuth({
      validToken: false,
      refreshToken: true,
      storedUser: stored,
    });
    expect(phase()).toBe('loading');
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toEqual(user);
  });

  it('ignores a stored account without a stored session', () => {
    const { phase, fetchUser } = startAuth({ validToken: false, storedUser: stored });
    expect(phase()).toBe('no-auth');
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('signs out on a 401 before the account was asked for (a revoked session)', () => {
    const { actor, phase, clearToken, abandonRequests } = startAuth({ validToken: true, storedUser: stored });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(abandonRequests).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('signs out when the server refuses the session as the account is asked for (401)', async () => {
    const { actor, phase, clearToken } = startAuth({
      validToken: true,
      storedUser: stored,
      fetchUser: () => Promise.reject({ status: 401, data: { message: 'Unauthenticated.' } }),
    });
    actor.send({ type: 'REFRESH_ACCOUNT' });
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it.each([
    ['the page is left or the network fails', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['the server fails', { status: 503, data: { message: 'Service Unavailable' } }],
  ])('keeps the session and the stored account when %s as the account is asked for', async (_, error) => {
    const { actor, phase, clearToken, abandonRequests } = startAuth({
      validToken: true,
      storedUser: stored,
      fetchUser: () => Promise.reject(error),
    });
    actor.send({ type: 'REFRESH_ACCOUNT' });
    await waitFor(actor, (s) => s.matches({ auth: 'idle' }));
    expect(phase()).toBe('auth');
    expect(clearToken).not.toHaveBeenCalled();
    expect(abandonRequests).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.user).toEqual(stored);
    // A 401 afterwards still ends the session (through the session dialog, as for any signed-in user).
    actor.send({ type: 'UNAUTHORIZED' });
    expect(actor.getSnapshot().context.reauthReason).toBe('ended');
  });

  it('signs out on a 401 while the account is asked for', () => {
    const pending = deferred<User>();
    const { actor, phase, clearToken, abandonRequests } = startAuth({
      validToken: true,
      storedUser: stored,
      fetchUser: () => pending.promise,
    });
    actor.send({ type: 'REFRESH_ACCOUNT' });
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(abandonRequests).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['before the account was asked for', false],
    ['while the account is asked for', true],
  ])('signs out on LOGOUT %s', async (_, refreshing) => {
    const { actor, logout, clearToken } = startAuth({
      validToken: true,
      storedUser: stored,
      fetchUser: () => new Promise(() => {}),
    });
    if (refreshing) actor.send({ type: 'REFRESH_ACCOUNT' });
    actor.send({ type: 'LOGOUT' });
    expect(isSigningOut(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => authPhase(s) === 'no-auth');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(clearToken).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['before the account was asked for', false],
    ['while the account is asked for', true],
  ])('warns of an expiring session %s (the dialog verifies the account after)', (_, refreshing) => {
    const { actor, phase } = startAuth({
      validToken: true,
      storedUser: stored,
      fetchUser: () => new Promise(() => {}),
    });
    if (refreshing) actor.send({ type: 'REFRESH_ACCOUNT' });
    actor.send({ type: 'SESSION_EXPIRING' });
    expect(phase()).toBe('auth');
    expect(reauthReason(actor.getSnapshot())).toBe('expiring');
  });

  it('goes no-auth when another tab clears the session before the account was asked for', () => {
    const { actor, phase, clearToken } = startAuth({ validToken: true, storedUser: stored });
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
  });

  it('ignores REFRESH_ACCOUNT once the account was loaded', async () => {
    const { actor, fetchUser } = await startSignedIn();
    actor.send({ type: 'REFRESH_ACCOUNT' });
    expect(actor.getSnapshot().matches({ auth: 'idle' })).toBe(true);
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });
});
describe('authMachine single sign-on (SSO_SIGN_IN)', () => {
  it('sends the one-time code through signIn, is signing in meanwhile, then loads the user and is auth', async () => {
    const pending = deferred<void>();
    const { actor, phase, signIn, fetchUser } = startAuth({ signIn: () => pending.promise });
    actor.send({ type: 'SSO_SIGN_IN', code: 'one-time' });
    expect(signIn).toHaveBeenCalledWith({ ssoCode: 'one-time' });
    expect(isSigningIn(actor.getSnapshot())).toBe(true);
    expect(phase()).toBe('no-auth');
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    expect(fetchUser).toHaveBeenCalledTimes(1);
  });

  it('clears the token and stays no-auth with the error when the code is refused', async () => {
    const refused = { status: 400, data: { error: 'invalid_grant', message: 'expired' } };
    const { actor, clearToken } = startAuth({ signIn: () => Promise.reject(refused) });
    actor.send({ type: 'SSO_SIGN_IN', code: 'spent' });
    await waitFor(actor, (s) => !isSigningIn(s));
    expect(actor.getSnapshot().matches({ 'no-auth': 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.signInError).toBe(refused);
    expect(clearToken).toHaveBeenCalled();
  });

  it('asks for the second factor when the code is answered mfa_required, then sends the code with its mfa_token', async () => {
    const mfaRequired = { status: 403, data: { error: 'mfa_required', mfa_token: 'mfa-sso' } };
    const { actor, signIn } = startAuth({
      signIn: (input) => ('ssoCode' in input ? Promise.reject(mfaRequired) : Promise.resolve()),
    });
    actor.send({ type: 'SSO_SIGN_IN', code: 'one-time' });
    await waitFor(actor, (s) => s.matches({ 'no-auth': 'secondFactor' }));
    expect(isAwaitingSecondFactor(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'VERIFY_SECOND_FACTOR', proof: { otp: '654321' } });
    expect(signIn).toHaveBeenLastCalledWith({ mfaToken: 'mfa-sso', otp: '654321' });
    await waitFor(actor, (s) => authPhase(s) === 'auth');
  });

  it('ignores SSO_SIGN_IN while a sign-in runs and once signed in', async () => {
    const pending = deferred<void>();
    const { actor, signIn } = startAuth({ signIn: () => pending.promise });
    actor.send({ type: 'LOGIN', credentials });
    actor.send({ type: 'SSO_SIGN_IN', code: 'late' });
    expect(signIn).toHaveBeenCalledTimes(1);
    pending.resolve();
    await waitFor(actor, (s) => authPhase(s) === 'auth');
    actor.send({ type: 'SSO_SIGN_IN', code: 'later' });
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(authPhase(actor.getSnapshot())).toBe('auth');
  });
});
