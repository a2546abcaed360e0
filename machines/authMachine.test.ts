import { createActor, fromPromise, waitFor } from 'xstate';
import type { LoginInput, User } from '../src/shared/contracts/account';
import { authMachine, authPhase, isSigningIn, isSigningOut } from './authMachine';
import { testUser as user } from '../test/accountFixtures';
import { deferred, flush } from '../test/async';

const credentials: LoginInput = { username: 'ada@example.com', password: 'secret-password' };

interface Fakes {
  validToken?: boolean;
  fetchUser?: () => Promise<User>;
  signIn?: (input: LoginInput) => Promise<void>;
  logout?: () => Promise<void>;
}

function startAuth(fakes: Fakes = {}) {
  const clearToken = jest.fn();
  const signIn = jest.fn(fakes.signIn ?? (async () => undefined));
  const fetchUser = jest.fn(fakes.fetchUser ?? (async () => user));
  const logout = jest.fn(fakes.logout ?? (async () => undefined));
  const actor = createActor(
    authMachine.provide({
      guards: { hasValidToken: () => fakes.validToken ?? false },
      actions: { clearToken },
      actors: {
        signIn: fromPromise<void, LoginInput>(({ input }) => signIn(input)),
        fetchUser: fromPromise<User>(() => fetchUser()),
        logout: fromPromise<void>(() => logout()),
      },
    }),
  ).start();
  const phase = () => authPhase(actor.getSnapshot());
  return { actor, phase, clearToken, signIn, fetchUser, logout };
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

describe('authMachine 401 anywhere (UNAUTHORIZED) and cross-tab sign-out (SESSION_CLEARED)', () => {
  it('clears the token and the user and goes no-auth on a 401', async () => {
    const { actor, phase, clearToken } = await startSignedIn();
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('goes no-auth when another tab cleared the session', async () => {
    const { actor, phase, clearToken } = await startSignedIn();
    actor.send({ type: 'SESSION_CLEARED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('does nothing on a 401 when already signed out', () => {
    const { actor, clearToken, phase } = startAuth();
    actor.send({ type: 'UNAUTHORIZED' });
    expect(phase()).toBe('no-auth');
    expect(clearToken).not.toHaveBeenCalled();
  });
});
