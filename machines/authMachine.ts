import { and, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginInput, User } from '../src/shared/contracts/account';
import { MFA_REQUIRED, type MfaFactor, type SecondFactorProof } from '../src/shared/contracts/mfaGrant';
import type { SsoCodeInput } from '../src/shared/contracts/singleSignOn';

/**
 * The auth phases of spec §4 as one machine: `loading`, `auth` and `no-auth`, with the sign-in and
 * sign-out requests as substates so that the exposed phase stays one of the three.
 *
 * Every effect (storage, network, clock) is referenced by name and supplied with `.provide()`: the
 * app by `src/auth/AuthProvider.tsx`, the tests by fakes.
 */

export interface AuthContextValue {
  user: User | null;
  /** The last sign-in failure, as the `signIn` actor rejected it; cleared by the next attempt. */
  signInError: unknown;
  /**
   * Why the session asks for the password again while the screen stays: `expiring` (the token runs
   * out soon and cannot be refreshed), `ended` (a request answered 401). Null while the session is fine.
   */
  reauthReason: ReauthReason | null;
  /**
   * The account as this browser last loaded it (issue #15): with a valid stored session the shell
   * is drawn for it at once and the account is asked for only after the first screen painted
   * (REFRESH_ACCOUNT). Taken once, on start.
   */
  storedUser: User | null;
  /**
   * The password was right and the account has an authenticator app: the `mfa_token` the token
   * endpoint answered, for the second step (`no-auth.secondFactor`). Null otherwise.
   */
  mfaToken: string | null;
  /** The second factors the account has (the `mfa_required` answer's), for the step to offer. */
  mfaFactors: MfaFactor[];
}

/** What the second step sends: the mfa_token and the code (or recovery code, or a passkey). */
export type SecondFactorInput = { mfaToken: string } & SecondFactorProof;

/** A passkey as the whole sign-in: the browser is asked for a discoverable passkey. */
export type PasskeySignInInput = { passkey: true };

/**
 * What the `signIn` actor sends: the e-mail and password, the second step, a passkey alone, or a
 * single sign-on's code.
 */
export type SignInInput = LoginInput | SecondFactorInput | PasskeySignInInput | SsoCodeInput;

export interface AuthInput {
  storedUser?: User | null;
}

export type ReauthReason = 'expiring' | 'ended';

export type AuthEvent =
  | { type: 'FETCH_USER' }
  | { type: 'LOGIN'; credentials: LoginInput }
  | { type: 'LOGOUT' }
  | { type: 'UPDATE_PROFILE'; user: User }
  /** A 401 from any call (store/api.ts `onUnauthorized`). */
  | { type: 'UNAUTHORIZED' }
  /** The token expires soon and could not be refreshed (tokenExpiryMachine `refreshFailed`). */
  | { type: 'SESSION_EXPIRING' }
  /** The password (or another account) entered in the session dialog. */
  | { type: 'REAUTHENTICATE'; credentials: LoginInput }
  /** Another tab signed out or its session expired: the stored session is gone. */
  | { type: 'SESSION_CLEARED' }
  /** The first screen painted for the stored account: now ask the server for the account. */
  | { type: 'REFRESH_ACCOUNT' }
  /** The second step of a sign-in: a code of the authenticator app, or a recovery code. */
  | { type: 'VERIFY_SECOND_FACTOR'; proof: SecondFactorProof }
  /** Back from the second step to the e-mail and password. */
  | { type: 'CANCEL_SECOND_FACTOR' }
  /** "Sign in with a passkey": the whole sign-in by a passkey, no password. */
  | { type: 'PASSKEY_SIGN_IN' }
  /** Back from the company's sign-in provider with a one-time code: exchanged like a password. */
  | { type: 'SSO_SIGN_IN'; code: string };

export type AuthPhase = 'loading' | 'auth' | 'no-auth';

/** The credentials of the event that started a sign-in (LOGIN or REAUTHENTICATE), or the second step's. */
const credentialsOf = ({ context, event }: { context: AuthContextValue; event: AuthEvent }): SignInInput => {
  if (event.type === 'LOGIN' || event.type === 'REAUTHENTICATE') return event.credentials;
  if (event.type === 'VERIFY_SECOND_FACTOR') return { mfaToken: context.mfaToken ?? '', ...event.proof };
  if (event.type === 'PASSKEY_SIGN_IN') return { passkey: true };
  if (event.type === 'SSO_SIGN_IN') return { ssoCode: event.code };
  throw new Error(
    'A sign-in is started by LOGIN, REAUTHENTICATE, VERIFY_SECOND_FACTOR, PASSKEY_SIGN_IN or SSO_SIGN_IN only',
  );
};

const notProvided = (name: string) => () => {
  throw new Error(`authMachine: '${name}' must be supplied with .provide()`);
};

/** Leaving after LOGOUT: the user's drafts, the stored session and the user go. */
const signedOut = [
  {
    type: 'discardDrafts',
    params: ({ context }: { context: AuthContextValue }) => ({ userId: context.user?.id ?? 0 }),
  },
  'clearToken',
  'clearUser',
] as const;

/** A sign-in's failure when a second factor is due (asked next) or its code was wrong (asked again). */
const toSecondFactor = [
  { guard: 'secondFactorRequired', target: 'secondFactor', actions: 'rememberSecondFactor' },
  { guard: 'secondFactorPending', target: 'secondFactor', actions: 'rememberSignInError' },
] as const;

/** The session turned out to be dead before any account was confirmed: signed out. */
const sessionLost = ['clearToken', 'clearUser', 'abandonRequests'] as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContextValue,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actions: {
    /** Removes the stored session and any cached server data of the signed-out user. */
    clearToken: notProvided('clearToken'),
    /** Removes the drafts a user's forms kept (at sign-out, or when another user took the session). */
    discardDrafts: notProvided('discardDrafts') as (_: unknown, params: { userId: number }) => void,
    /** The requests that answered 401 while waiting for the session: retry them (same user is back). */
    resumeRequests: notProvided('resumeRequests'),
    /** The requests that answered 401: give up on them (signed out, or another user signed in). */
    abandonRequests: notProvided('abandonRequests'),
    /** Tells the user the session now belongs to someone else and the open form was discarded. */
    announceUserSwitch: notProvided('announceUserSwitch') as (_: unknown, params: { user: User }) => void,
    assignUser: assign({
      user: (_, params: { user: User }) => params.user,
    }),
    clearUser: assign({ user: null, reauthReason: null }),
    /** The mfa_token and factors of an `mfa_required` answer: the second step is next. */
    rememberSecondFactor: assign({
      mfaToken: ({ event }) => mfaTokenOf(event),
      mfaFactors: ({ event }) => mfaFactorsOf(event),
    }),
    rememberSignInError: assign({ signInError: ({ event }) => ('error' in event ? event.error : null) }),
  },
  guards: {
    /** Whether a stored token exists and has not expired; the app checks it against its clock. */
    hasValidToken: notProvided('hasValidToken'),
    /** Whether an expired access token comes with a refresh token that may still be good. */
    hasRefreshToken: notProvided('hasRefreshToken'),
    /** Whether any session value is stored (an unusable one is cleared on start). */
    hasStoredSession: notProvided('hasStoredSession'),
    /** Whether an account was stored by an earlier visit (the machine's input). */
    hasStoredUser: ({ context }) => context.storedUser !== null,
    /** Whether the user loaded after a re-sign-in is the one who was signed in before. */
    isSameUser: ({ context, event }) =>
      'output' in event && (event.output as User | undefined)?.id === context.user?.id,
    /**
     * Whether the account call failed because the server refused the session (a 401), not for want
     * of an answer (a page left mid-request, the network, the server down).
     */
    sessionRefused: ({ event }) =>
      'error' in event && (event.error as { status?: unknown } | undefined)?.status === 401,
    /** Whether the sign-in failed because the password was right and a second factor is due. */
    secondFactorRequired: ({ event }) => mfaTokenOf(event) !== null,
    /** Whether a second step is under way (its code was refused: it is asked again). */
    secondFactorPending: ({ context }) => context.mfaToken !== null,
  },
  actors: {
    /** Requests a token with the credentials (or the mfa_token and a code) and stores it. */
    signIn: fromPromise<void, SignInInput>(notProvided('signIn')),
    /** Exchanges the stored refresh token for a new session (on start, after the access token expired). */
    refreshSession: fromPromise<void>(notProvided('refreshSession')),
    /** Loads the signed-in user with the stored token. */
    fetchUser: fromPromise<User>(notProvided('fetchUser')),
    /** Revokes the token on the server. */
    logout: fromPromise<void>(notProvided('logout')),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: null,
    signInError: null,
    reauthReason: null,
    storedUser: input?.storedUser ?? null,
    mfaToken: null,
    mfaFactors: [],
  }),
  initial: 'starting',
  states: {
    // Transient: decided synchronously when the actor starts, never observed.
    starting: {
      always: [
        // A valid session and the account it was last seen with: the screens draw at once.
        {
          guard: and(['hasValidToken', 'hasStoredUser']),
          target: 'auth.unconfirmed',
          actions: assign({ user: ({ context }) => context.storedUser, storedUser: null }),
        },
        { guard: 'hasValidToken', target: 'loading' },
        { guard: 'hasRefreshToken', target: 'refreshing' },
        // Expired and nothing to refresh it with: nothing stale stays in storage.
        { guard: 'hasStoredSession', target: 'no-auth', actions: 'clearToken' },
        { target: 'no-auth' },
      ],
    },
    // Started with an expired access token: the refresh token outlives it, so the user stays signed in.
    refreshing: {
      invoke: {
        src: 'refreshSession',
        onDone: 'loading',
        onError: { target: 'no-auth', actions: 'clearToken' },
      },
      on: {
        SESSION_CLEARED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
      },
    },
    loading: {
      // Signed in (with the second factor, or by another tab while it was asked for): its token is spent.
      entry: assign({ mfaToken: null, mfaFactors: [] }),
      invoke: {
        src: 'fetchUser',
        onDone: {
          target: 'auth',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'no-auth', actions: sessionLost },
      },
      on: {
        UNAUTHORIZED: { target: 'no-auth', actions: sessionLost },
        SESSION_CLEARED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
      },
    },
    auth: {
      initial: 'idle',
      on: {
        SESSION_CLEARED: { target: 'no-auth', actions: ['clearToken', 'clearUser', 'abandonRequests'] },
      },
      states: {
        // The stored account is shown and not yet confirmed by the server. A 401 (a revoked
        // session) signs out as it does while the account loads.
        unconfirmed: {
          initial: 'stored',
          on: {
            LOGOUT: 'signingOut',
            UNAUTHORIZED: { target: '#auth.no-auth', actions: sessionLost },
            SESSION_EXPIRING: { target: 'reauth', actions: assign({ reauthReason: 'expiring' }) },
          },
          states: {
            // The server has not been asked yet: it is, once the first screen painted.
            stored: { on: { REFRESH_ACCOUNT: 'refreshing' } },
            // Its answer replaces the stored account (a changed name, role or permissions).
            refreshing: {
              invoke: {
                src: 'fetchUser',
                onDone: {
                  target: '#auth.auth.idle',
                  actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: [
                  { guard: 'sessionRefused', target: '#auth.no-auth', actions: sessionLost },
                  // No answer (the page was left while asking, or the network failed): the session
                  // is not known to be dead, so it is kept with the stored account; a later 401
                  // still ends it. Clearing it here signed out a user who moved on quickly.
                  { target: '#auth.auth.idle' },
                ],
              },
            },
          },
        },
        idle: {
          entry: assign({ reauthReason: null, signInError: null }),
          on: {
            LOGOUT: 'signingOut',
            UPDATE_PROFILE: {
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            },
            // The screen stays; the session dialog asks for the password, the request waits.
            UNAUTHORIZED: { target: 'reauth', actions: assign({ reauthReason: 'ended' }) },
            SESSION_EXPIRING: { target: 'reauth', actions: assign({ reauthReason: 'expiring' }) },
          },
        },
        reauth: {
          initial: 'prompt',
          on: {
            // A request failing while the warning shows: the session is gone, not just ending.
            UNAUTHORIZED: { actions: assign({ reauthReason: 'ended' }) },
            LOGOUT: { target: 'signingOut', actions: 'abandonRequests' },
          },
          states: {
            prompt: {
              on: {
                REAUTHENTICATE: 'signingIn',
                // Another tab stored a new session: check whose it is.
                FETCH_USER: 'verifying',
              },
            },
            signingIn: {
              entry: assign({ signInError: null }),
              invoke: {
                src: 'signIn',
                input: credentialsOf,
                onDone: 'verifying',
                // The old token stays: its requests still wait for a session, the dialog stays.
                onError: [
                  // The password was right and a second factor is due, or its code was wrong: the dialog asks for it.
                  ...toSecondFactor,
                  { target: 'prompt', actions: 'rememberSignInError' },
                ],
              },
            },
            // The session dialog's code step: the code (or passkey) goes through signingIn as on /login.
            secondFactor: {
              on: {
                VERIFY_SECOND_FACTOR: 'signingIn',
                CANCEL_SECOND_FACTOR: {
                  target: 'prompt',
                  actions: assign({ mfaToken: null, mfaFactors: [], signInError: null }),
                },
                FETCH_USER: 'verifying',
              },
            },
            verifying: {
              // Signed in again (with the second factor, or by another tab): its mfa_token is spent.
              entry: assign({ mfaToken: null, mfaFactors: [] }),
              invoke: {
                src: 'fetchUser',
                onDone: [
                  {
                    guard: 'isSameUser',
                    target: '#auth.auth.idle',
                    actions: [
                      { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                      'resumeRequests',
                    ],
                  },
                  {
                    // Another account took the session: the open form is not theirs to save.
                    target: '#auth.auth.idle',
                    actions: [
                      'abandonRequests',
                      {
                        type: 'discardDrafts',
                        params: ({ context }) => ({ userId: context.user?.id ?? 0 }),
                      },
                      { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
                      { type: 'announceUserSwitch', params: ({ event }) => ({ user: event.output }) },
                    ],
                  },
                ],
                onError: { target: 'prompt', actions: assign({ signInError: ({ event }) => event.error }) },
              },
            },
          },
        },
        signingOut: {
          // Spec §4: the stored token is cleared after the logout call finishes, also when it fails,
          // because the user asked to leave and a dead server must not keep them signed in. The
          // user's drafts go with the session: the next person at this browser must not see them.
          invoke: {
            src: 'logout',
            onDone: { target: '#auth.no-auth', actions: signedOut },
            onError: { target: '#auth.no-auth', actions: signedOut },
          },
        },
      },
    },
    'no-auth': {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LOGIN: 'signingIn',
            PASSKEY_SIGN_IN: 'signingIn',
            // The same request as a password's, with the code: a second factor may follow.
            SSO_SIGN_IN: 'signingIn',
            // Another tab signed in: this one picks the session up.
            FETCH_USER: '#auth.loading',
          },
        },
        signingIn: {
          entry: assign({ signInError: null }),
          invoke: {
            src: 'signIn',
            input: credentialsOf,
            // Spec §4: after a successful sign-in the user is fetched.
            onDone: '#auth.loading',
            onError: [
              // The password was right: the code is asked for next (nothing was stored); a wrong code
              // is asked again, with the error (an mfa_token that ran out says so too).
              ...toSecondFactor,
              // Spec §8: a failed sign-in clears the stored token.
              {
                target: 'idle',
                actions: ['clearToken', 'rememberSignInError'],
              },
            ],
          },
        },
        // Password right, second factor due: the code step of the sign-in screen. The code goes
        // through signingIn (the signIn actor with the mfa_token), which comes back here when wrong.
        secondFactor: {
          on: {
            VERIFY_SECOND_FACTOR: 'signingIn',
            CANCEL_SECOND_FACTOR: {
              target: 'idle',
              actions: assign({ mfaToken: null, mfaFactors: [], signInError: null }),
            },
            // Another tab signed in meanwhile: this one picks the session up.
            FETCH_USER: '#auth.loading',
          },
        },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The mfa_token of a sign-in refused with `mfa_required` (403 `{error, mfa_token}`), or null. */
function mfaTokenOf(event: unknown): string | null {
  const data = (event as { error?: { status?: unknown; data?: { error?: unknown; mfa_token?: unknown } } })
    .error?.data;
  return data?.error === MFA_REQUIRED && typeof data.mfa_token === 'string' ? data.mfa_token : null;
}

/** The factors an `mfa_required` answer named (an older server named none: the app's code, then). */
function mfaFactorsOf(event: unknown): MfaFactor[] {
  const factors = (event as { error?: { data?: { mfa_factors?: MfaFactor[] } } }).error?.data?.mfa_factors;
  return Array.isArray(factors) ? factors : ['otp'];
}

/** The phase a snapshot exposes: substates (signing in, signing out, re-auth) fold into the three of §4. */
export function authPhase(snapshot: AuthSnapshot): AuthPhase {
  if (snapshot.matches('auth')) return 'auth';
  if (snapshot.matches('no-auth')) return 'no-auth';
  return 'loading';
}

export const isSigningIn = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ 'no-auth': 'signingIn' }) ||
  snapshot.matches({ auth: { reauth: 'signingIn' } }) ||
  snapshot.matches({ auth: { reauth: 'verifying' } });

/** Whether the sign-in is at its second step (the password was right), also while a code is checked. */
export const isAwaitingSecondFactor = (snapshot: AuthSnapshot): boolean => snapshot.context.mfaToken !== null;

export const isSigningOut = (snapshot: AuthSnapshot): boolean => snapshot.matches({ auth: 'signingOut' });

/** Why the session dialog shows (null: it does not). */
export const reauthReason = (snapshot: AuthSnapshot): ReauthReason | null =>
  snapshot.matches({ auth: 'reauth' }) ? snapshot.context.reauthReason : null;
