import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { LoginInput, User } from '../src/shared/contracts/account';

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
}

export type AuthEvent =
  | { type: 'FETCH_USER' }
  | { type: 'LOGIN'; credentials: LoginInput }
  | { type: 'LOGOUT' }
  | { type: 'UPDATE_PROFILE'; user: User }
  /** A 401 from any call (store/api.ts `onUnauthorized`). */
  | { type: 'UNAUTHORIZED' }
  /** Another tab signed out or its session expired: the stored session is gone. */
  | { type: 'SESSION_CLEARED' };

export type AuthPhase = 'loading' | 'auth' | 'no-auth';

const notProvided = (name: string) => () => {
  throw new Error(`authMachine: '${name}' must be supplied with .provide()`);
};

export const authMachine = setup({
  types: {
    context: {} as AuthContextValue,
    events: {} as AuthEvent,
  },
  actions: {
    /** Removes the stored session and any cached server data of the signed-out user. */
    clearToken: notProvided('clearToken'),
    assignUser: assign({
      user: (_, params: { user: User }) => params.user,
    }),
    clearUser: assign({ user: null }),
  },
  guards: {
    /** Whether a stored token exists and has not expired; the app checks it against its clock. */
    hasValidToken: notProvided('hasValidToken'),
  },
  actors: {
    /** Requests a token with the credentials and stores it. */
    signIn: fromPromise<void, LoginInput>(notProvided('signIn')),
    /** Loads the signed-in user with the stored token. */
    fetchUser: fromPromise<User>(notProvided('fetchUser')),
    /** Revokes the token on the server. */
    logout: fromPromise<void>(notProvided('logout')),
  },
}).createMachine({
  id: 'auth',
  context: { user: null, signInError: null },
  initial: 'starting',
  states: {
    // Transient: decided synchronously when the actor starts, never observed.
    starting: {
      always: [{ guard: 'hasValidToken', target: 'loading' }, { target: 'no-auth' }],
    },
    loading: {
      invoke: {
        src: 'fetchUser',
        onDone: {
          target: 'auth',
          actions: { type: 'assignUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
      },
      on: {
        UNAUTHORIZED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
        SESSION_CLEARED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
      },
    },
    auth: {
      initial: 'idle',
      on: {
        UNAUTHORIZED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
        SESSION_CLEARED: { target: 'no-auth', actions: ['clearToken', 'clearUser'] },
      },
      states: {
        idle: {
          on: {
            LOGOUT: 'signingOut',
            UPDATE_PROFILE: {
              actions: { type: 'assignUser', params: ({ event }) => ({ user: event.user }) },
            },
          },
        },
        signingOut: {
          // Spec §4: the stored token is cleared after the logout call finishes, also when it fails,
          // because the user asked to leave and a dead server must not keep them signed in.
          invoke: {
            src: 'logout',
            onDone: { target: '#auth.no-auth', actions: ['clearToken', 'clearUser'] },
            onError: { target: '#auth.no-auth', actions: ['clearToken', 'clearUser'] },
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
            // Another tab signed in: this one picks the session up.
            FETCH_USER: '#auth.loading',
          },
        },
        signingIn: {
          entry: assign({ signInError: null }),
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              if (event.type !== 'LOGIN') throw new Error('signingIn is entered by LOGIN only');
              return event.credentials;
            },
            // Spec §4: after a successful sign-in the user is fetched.
            onDone: '#auth.loading',
            // Spec §8: a failed sign-in clears the stored token.
            onError: {
              target: 'idle',
              actions: ['clearToken', assign({ signInError: ({ event }) => event.error })],
            },
          },
        },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The phase a snapshot exposes: substates (signing in, signing out) fold into the three of §4. */
export function authPhase(snapshot: AuthSnapshot): AuthPhase {
  if (snapshot.matches('auth')) return 'auth';
  if (snapshot.matches('no-auth')) return 'no-auth';
  return 'loading';
}

export const isSigningIn = (snapshot: AuthSnapshot): boolean => snapshot.matches({ 'no-auth': 'signingIn' });

export const isSigningOut = (snapshot: AuthSnapshot): boolean => snapshot.matches({ auth: 'signingOut' });
