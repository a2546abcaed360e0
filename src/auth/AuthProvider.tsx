/**
 * The app's one auth actor (machines/authMachine.ts) and its token-expiry actor
 * (machines/tokenExpiryMachine.ts), given their real effects here: the stored session
 * (store/session.ts), the account endpoints (store/accountApi.ts), the clock, the cross-tab refresh
 * lock and page reload. Screens read and drive it only through `useAuth()` (AuthContext.ts).
 *
 * Besides the machines' own events, this provider forwards what happens outside the tab's control:
 * - a 401 from any call (store/api.ts `onUnauthorized`) → UNAUTHORIZED; the request waits until the
 *   session dialog is done and is retried once when the same user signed in again;
 * - the token running out with no refresh possible (token-expiry `sessionEnding`) → SESSION_EXPIRING;
 * - another tab writing a session (`storage` event on `auth.expires_at`) → TOKEN_STORED, or
 *   FETCH_USER when this tab is signed out; another tab clearing it → SESSION_CLEARED;
 * - the page becoming visible again → WAKE, since timers may not have run while the device slept.
 * The token-expiry actor runs while the session is good or ending, restarts after a re-sign-in and
 * stops on sign-out, and while a dead session (401) waits for the password.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import {
  authMachine,
  authPhase,
  isAwaitingSecondFactor,
  isSigningIn,
  reauthReason,
  type AuthSnapshot,
  type SignInInput,
} from '../../machines/authMachine';
import { inspectOptions } from '../../machines/inspector';
import { tokenExpiryMachine, type RefreshInput, type SessionTime } from '../../machines/tokenExpiryMachine';
import { TOKEN_ERROR_FIELDS, accountApi } from '../../store/accountApi';
import { api, onUnauthorized } from '../../store/api';
import { thrownErrorMessages } from '../../store/errorDisplay';
import type { AppStore } from '../../store';
import {
  clearSession,
  forgetAccount,
  isExpired,
  noteSessionRanOut,
  readAccount,
  readSession,
  writeSession,
} from '../../store/session';
import { toastShown } from '../../store/toastSlice';
import { releaseUnloadGuard } from '../drafts/unloadGuard';
import type { User } from '../shared/contracts/account';
import { t } from '../shared/messages';
import { AUTH_STORAGE_KEYS, STORAGE_KEYS } from '../shared/storageKeys';
import { AuthContext, type AuthApi } from './AuthContext';
import { refreshLockActor, withRefreshLock } from './refreshLock';

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

  // Requests that answered 401 and wait for the session dialog: true once the same user is back.
  const [waiting] = useState(waitingRequests);
  // Whether one of them is a save (a mutation): the session dialog then says it will be saved.
  const [savingWaits, setSavingWaits] = useState(false);
  const settleWaiting = useCallback(
    (restored: boolean) => {
      waiting.settle(restored);
      setSavingWaits(false);
    },
    [waiting],
  );

  /** Exchanges the stored refresh token for a new session; adopts one another tab stored meanwhile. */
  const refreshStored = useCallback(
    async (knownExpiresAt: number): Promise<SessionTime> => {
      const stored = readSession();
      if (stored && stored.expiresAt > knownExpiresAt && !isExpired(stored, clock.now())) {
        return { expiresAt: stored.expiresAt, now: clock.now() };
      }
      if (!stored?.refreshToken) throw new Error('No refresh token stored');
      const token = await settle(
        store.dispatch(accountApi.endpoints.refreshToken.initiate({ refreshToken: stored.refreshToken })),
      );
      const session = writeSession(token, clock.now());
      return { expiresAt: session.expiresAt, now: clock.now() };
    },
    [store, clock],
  );

  const authActor = useActorRef(
    authMachine.provide({
      guards: {
        hasValidToken: () => !isExpired(readSession(), clock.now()),
        hasRefreshToken: () => Boolean(readSession()?.refreshToken),
        hasStoredSession: () => AUTH_STORAGE_KEYS.some((key) => localStorage.getItem(key) !== null),
      },
      actions: {
        clearToken,
        // The drafts' store is loaded when first needed (a form keeps a draft), not on the guest screens.
        discardDrafts: (_, { userId }) =>
          void import('../drafts/draftStore')
            .then((drafts) => drafts.removeUserDrafts(userId))
            .catch(() => undefined),
        resumeRequests: () => settleWaiting(true),
        abandonRequests: () => settleWaiting(false),
        announceUserSwitch: (_, { user: next }) =>
          void store.dispatch(
            toastShown({ severity: 'warning', message: t('sessionUserSwitched', { name: next.name }) }),
          ),
      },
      actors: {
        signIn: fromPromise<void, SignInInput>(async ({ input }) => {
          // The second step's grant, the passkey's and single sign-on's are loaded when used
          // (store/secondFactorApi.ts, store/passkeySignIn.ts, store/singleSignOnApi.ts), off the guest screens.
          const token =
            'passkey' in input
              ? await (await import('../../store/passkeySignIn')).passkeyTokens(store.dispatch, input)
              : await settle(
                  'mfaToken' in input
                    ? store.dispatch(
                        (
                          await import('../../store/secondFactorApi')
                        ).secondFactorApi.endpoints.secondFactorToken.initiate(input),
                      )
                    : 'ssoCode' in input
                      ? store.dispatch(
                          (
                            await import('../../store/singleSignOnApi')
                          ).singleSignOnApi.endpoints.ssoToken.initiate(input),
                        )
                      : store.dispatch(accountApi.endpoints.issueToken.initiate(input)),
                );
          writeSession(token, clock.now());
          forgetAccount();
        }),
        // Started with an expired access token: one tab refreshes, the others take its new session.
        refreshSession: fromPromise<void>(async () => {
          // The expiry seen before waiting for the lock: a newer one found after it is another tab's.
          const known = readSession()?.expiresAt ?? 0;
          await withRefreshLock(() => refreshStored(known));
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
    { input: { storedUser: readAccount() }, ...inspectOptions() },
  );

  const expiryActor = useActorRef(
    tokenExpiryMachine.provide({
      actions: {
        // The page reloads right after, so the reset API state matters only if the reload is slow.
        clearToken,
        sessionEnding: () => authActor.send({ type: 'SESSION_EXPIRING' }),
        reloadPage: () => {
          // The sign-in screen the reload lands on says why.
          noteSessionRanOut();
          // Every draft is written by now; the forms' "Leave site?" would only stand in the way.
          releaseUnloadGuard();
          reloadPage();
        },
      },
      actors: {
        acquireRefreshLock: refreshLockActor({ now: () => clock.now() }),
        refresh: fromPromise<SessionTime, RefreshInput>(({ input }) => refreshStored(input.expiresAt)),
        keepDrafts: fromPromise<void>(() =>
          import('../drafts/draftStore').then((drafts) => drafts.flushDrafts()),
        ),
      },
    }),
    { clock, input: {}, ...inspectOptions() },
  );

  // A 401 anywhere is an event for the one auth actor; nothing else decides who is signed in. The
  // request waits for the answer: retried when the same user signed in again in the dialog.
  useEffect(() => {
    onUnauthorized(
      (request) =>
        new Promise<boolean>((resolve) => {
          waiting.add(resolve);
          if (request.saving) setSavingWaits(true);
          authActor.send({ type: 'UNAUTHORIZED' });
          // Not waiting for a re-sign-in (signed out, loading, signing out): nothing brings it back.
          if (reauthReason(authActor.getSnapshot()) === null) settleWaiting(false);
        }),
    );
    return () => onUnauthorized(null);
  }, [authActor, waiting, settleWaiting]);

  // The token-expiry timer runs while the session is good or ending; a dead one (401) waiting for
  // the password has no timer to run, and a re-sign-in starts it again with the new expiry.
  useEffect(() => {
    let previous: SessionStatus | null = null;
    const follow = (snapshot: AuthSnapshot) => {
      const status = sessionStatus(snapshot);
      if (status === previous) return;
      if (status === 'active') {
        const session = readSession();
        if (session)
          expiryActor.send({ type: 'SESSION_STARTED', expiresAt: session.expiresAt, now: clock.now() });
      } else if (status === 'ended' || (status === 'out' && previous !== null && previous !== 'out')) {
        expiryActor.send({ type: 'SESSION_ENDED' });
      }
      previous = status;
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
      const snapshot = authActor.getSnapshot();
      if (event.key === STORAGE_KEYS.expiresAt && event.newValue && session) {
        const now = clock.now();
        if (isExpired(session, now)) return;
        if (sessionStatus(snapshot) === 'active') {
          expiryActor.send({ type: 'TOKEN_STORED', expiresAt: session.expiresAt, now });
        } else {
          // Signed out, or waiting for the password: check whose session it is.
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
  const reason = useSelector(authActor, reauthReason);
  const expiresAt = useSelector(expiryActor, (snapshot) => snapshot.context.expiresAt);
  const awaitingSecondFactor = useSelector(authActor, isAwaitingSecondFactor);
  const secondFactors = useSelector(authActor, (snapshot) => snapshot.context.mfaFactors);

  const value = useMemo<AuthApi>(
    () => ({
      phase,
      user,
      signingIn,
      signInError: signInFailure ? signInErrorText(signInFailure) : null,
      reauthReason: reason,
      reauthSaving: reason === 'ended' && savingWaits,
      sessionExpiresAt: reason === 'expiring' && expiresAt > 0 ? expiresAt : null,
      signIn: (credentials) => authActor.send({ type: 'LOGIN', credentials }),
      signInWithSso: (code) => authActor.send({ type: 'SSO_SIGN_IN', code }),
      reauthenticate: (credentials) => authActor.send({ type: 'REAUTHENTICATE', credentials }),
      signOut: () => authActor.send({ type: 'LOGOUT' }),
      updateProfile: (nextUser) => authActor.send({ type: 'UPDATE_PROFILE', user: nextUser }),
      confirmAccount: () => authActor.send({ type: 'REFRESH_ACCOUNT' }),
      awaitingSecondFactor,
      verifySecondFactor: (proof) => authActor.send({ type: 'VERIFY_SECOND_FACTOR', proof }),
      cancelSecondFactor: () => authActor.send({ type: 'CANCEL_SECOND_FACTOR' }),
      secondFactors,
      signInWithPasskey: () => authActor.send({ type: 'PASSKEY_SIGN_IN' }),
    }),
    [
      phase,
      user,
      signingIn,
      signInFailure,
      reason,
      savingWaits,
      expiresAt,
      awaitingSecondFactor,
      secondFactors,
      authActor,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The requests waiting for a re-sign-in; `settle(true)` lets them retry, `settle(false)` fail. */
function waitingRequests() {
  const resolvers: ((restored: boolean) => void)[] = [];
  return {
    add: (resolve: (restored: boolean) => void) => void resolvers.push(resolve),
    settle: (restored: boolean) => resolvers.splice(0).forEach((resolve) => resolve(restored)),
  };
}

type SessionStatus = 'active' | 'expiring' | 'ended' | 'out';

/** Where the session stands, for the token-expiry timer: `out` covers signed out and loading. */
function sessionStatus(snapshot: AuthSnapshot): SessionStatus {
  if (authPhase(snapshot) !== 'auth') return 'out';
  return reauthReason(snapshot) ?? 'active';
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
