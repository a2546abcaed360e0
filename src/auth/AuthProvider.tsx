/**
 * The app's one auth actor (machines/authMachine.ts) and its token-expiry actor
 * (machines/tokenExpiryMachine.ts), given their real effects here: the stored session
 * (store/session.ts), the account endpoints (store/accountApi.ts), the clock, the cross-tab refresh
 * lock and page reload. Screens read and drive it only through `useAuth()` (AuthContext.ts).
 *
 * Besides the machines' own events, this provider forwards what happens outside the tab's control:
 * - a 401 from any call (store/api.ts `onUnauthorized`) → UNAUTHORIZED;
 * - another tab writing a session (`storage` event on `auth.expires_at`) → TOKEN_STORED, or
 *   FETCH_USER when this tab is signed out; another tab clearing it → SESSION_CLEARED;
 * - the page becoming visible again → WAKE, since timers may not have run while the device slept.
 * The token-expiry actor runs while the phase is `auth` and stops on sign-out.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import {
  authMachine,
  authPhase,
  isSigningIn,
  type AuthPhase,
  type AuthSnapshot,
} from '../../machines/authMachine';
import { inspectOptions } from '../../machines/inspector';
import { tokenExpiryMachine, type RefreshInput, type SessionTime } from '../../machines/tokenExpiryMachine';
import { TOKEN_ERROR_FIELDS, accountApi } from '../../store/accountApi';
import { api, onUnauthorized } from '../../store/api';
import { thrownErrorMessages } from '../../store/errorDisplay';
import type { AppStore } from '../../store';
import { clearSession, isExpired, readSession, writeSession } from '../../store/session';
import type { LoginInput, User } from '../shared/contracts/account';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { AuthContext, type AuthApi } from './AuthContext';
import { refreshLockActor } from './refreshLock';

/** Wall-clock time and timers in one object, so that tests can pass xstate's `SimulatedClock`. */
export interface AuthClock {
  now(): number;
  setTimeout(fn: () => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
}

const systemClock: AuthClock = {
  now: () => Date.now(),
  setTimeout: (fn, timeout) => window.setTimeout(fn, timeout),
  clearTimeout: (id) => window.clearTimeout(id as number),
};

export interface AuthProviderProps {
  store: AppStore;
  children: ReactNode;
  /** Defaults to the system clock. */
  clock?: AuthClock;
  /** Defaults to `window.location.reload()`; jsdom cannot navigate. */
  reloadPage?: () => void;
}

export function AuthProvider({
  store,
  children,
  clock = systemClock,
  reloadPage = () => window.location.reload(),
}: AuthProviderProps) {
  const clearToken = useCallback(() => {
    clearSession();
    // Cached answers belong to the signed-out user; the next one must not see them.
    store.dispatch(api.util.resetApiState());
  }, [store]);

  const authActor = useActorRef(
    authMachine.provide({
      guards: { hasValidToken: () => !isExpired(readSession(), clock.now()) },
      actions: { clearToken },
      actors: {
        signIn: fromPromise<void, LoginInput>(async ({ input }) => {
          const token = await settle(store.dispatch(accountApi.endpoints.issueToken.initiate(input)));
          writeSession(token, clock.now());
        }),
        fetchUser: fromPromise<User>(async () => {
          const request = store.dispatch(
            accountApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }),
          );
          try {
            return await request.unwrap();
          } finally {
            request.unsubscribe();
          }
        }),
        logout: fromPromise<void>(async () => {
          await settle(store.dispatch(accountApi.endpoints.logout.initiate()));
        }),
      },
    }),
    inspectOptions(),
  );

  const expiryActor = useActorRef(
    tokenExpiryMachine.provide({
      // The page reloads right after, so the reset API state matters only if the reload is slow.
      actions: { clearToken, reloadPage: () => reloadPage() },
      actors: {
        acquireRefreshLock: refreshLockActor({ now: () => clock.now() }),
        refresh: fromPromise<SessionTime, RefreshInput>(async ({ input }) => {
          const stored = readSession();
          // Another tab refreshed while this one waited for the lock: take its session as it is,
          // because presenting the old refresh token again would revoke the whole family.
          if (stored && stored.expiresAt > input.expiresAt) {
            return { expiresAt: stored.expiresAt, now: clock.now() };
          }
          if (!stored?.refreshToken) throw new Error('No refresh token stored');
          const token = await settle(
            store.dispatch(accountApi.endpoints.refreshToken.initiate({ refreshToken: stored.refreshToken })),
          );
          const session = writeSession(token, clock.now());
          return { expiresAt: session.expiresAt, now: clock.now() };
        }),
      },
    }),
    { clock, input: {}, ...inspectOptions() },
  );

  // A 401 anywhere is an event for the one auth actor; nothing else decides who is signed in.
  useEffect(() => {
    onUnauthorized(() => authActor.send({ type: 'UNAUTHORIZED' }));
    return () => onUnauthorized(null);
  }, [authActor]);

  // The token-expiry timer runs exactly while signed in.
  useEffect(() => {
    let previous: AuthPhase | null = null;
    const follow = (snapshot: AuthSnapshot) => {
      const phase = authPhase(snapshot);
      if (phase === previous) return;
      if (phase === 'auth') {
        const session = readSession();
        if (session) {
          expiryActor.send({
            type: 'SESSION_STARTED',
            expiresAt: session.expiresAt,
            now: clock.now(),
          });
        }
      } else if (previous === 'auth') {
        expiryActor.send({ type: 'SESSION_ENDED' });
      }
      previous = phase;
    };
    follow(authActor.getSnapshot());
    const subscription = authActor.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [authActor, expiryActor, clock]);

  // Other tabs: a stored session is adopted, a cleared one signs this tab out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea && event.storageArea !== localStorage) return;
      const session = readSession();
      const phase = authPhase(authActor.getSnapshot());
      if (event.key === STORAGE_KEYS.expiresAt && event.newValue && session) {
        const now = clock.now();
        if (isExpired(session, now)) return;
        if (phase === 'auth') {
          expiryActor.send({ type: 'TOKEN_STORED', expiresAt: session.expiresAt, now });
        } else {
          authActor.send({ type: 'FETCH_USER' });
        }
        return;
      }
      const cleared =
        event.key === null || (event.key === STORAGE_KEYS.accessToken && event.newValue === null);
      if (cleared && !session) authActor.send({ type: 'SESSION_CLEARED' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [authActor, expiryActor, clock]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        expiryActor.send({ type: 'WAKE', now: clock.now() });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [expiryActor, clock]);

  const phase = useSelector(authActor, authPhase);
  const user = useSelector(authActor, (snapshot) => snapshot.context.user);
  const signingIn = useSelector(authActor, isSigningIn);
  const signInFailure = useSelector(authActor, (snapshot) => snapshot.context.signInError);

  const value = useMemo<AuthApi>(
    () => ({
      phase,
      user,
      signingIn,
      signInError: signInFailure ? signInErrorText(signInFailure) : null,
      signIn: (credentials) => authActor.send({ type: 'LOGIN', credentials }),
      signOut: () => authActor.send({ type: 'LOGOUT' }),
      updateProfile: (nextUser) => authActor.send({ type: 'UPDATE_PROFILE', user: nextUser }),
    }),
    [phase, user, signingIn, signInFailure, authActor],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Awaits a dispatched mutation and drops its cache entry: the machines keep what they need. */
async function settle<T>(request: { unwrap(): Promise<T>; reset(): void }): Promise<T> {
  try {
    return await request.unwrap();
  } finally {
    request.reset();
  }
}

/** The same texts the base query toasted for the failure. */
const signInErrorText = (failure: unknown): string =>
  thrownErrorMessages(failure, undefined, TOKEN_ERROR_FIELDS).join('\n');
