import { assign, fromCallback, fromPromise, raise, setup, type SnapshotFrom } from 'xstate';
import { DURATIONS, TOKEN_REFRESH } from '../src/shared/limits';

/**
 * The access token's lifetime in one tab (spec §4 Token lifetime).
 *
 * Time enters as data: every event that (re)starts the timers carries the token's expiry and the
 * current time, and the delays are computed from that pair, so tests drive the machine with a
 * simulated clock and the machine never reads a clock itself.
 *
 * - At the refresh point the tab tries to refresh: `refreshBeforeExpiryMs` before the expiry, or
 *   earlier for a short-lived token, after `refreshShare` of the lifetime left when the session was
 *   reported (issue #41: a 60 s token is refreshed after 30 s, not at once and over again). The
 *   point is fixed when the session is reported; WAKE moves the clock, not the point. A refresh that
 *   brings no newer, still-valid token counts as failed, so each token is refreshed at most once and
 *   the refresh never runs in a loop. Only one tab refreshes:
 *   `acquireRefreshLock` answers `LOCK_ACQUIRED` (this tab then invokes `refresh`, and holds the
 *   lock until it leaves the `refreshing` state) or `LOCK_BUSY` (another tab is refreshing; this one
 *   waits for `TOKEN_STORED`, sent by the app when the other tab writes the new session).
 * - A tab never clears the session while another tab may still be refreshing: when it lost the lock
 *   it keeps waiting past the expiry and only gives up after it got the lock itself and its own
 *   refresh failed. The lock holder gets `refreshLockMs`; a refresh that takes longer counts as
 *   failed (the localStorage fallback lock is considered stale by then).
 * - When the refresh failed: `sessionEnding` (the app warns a minute ahead and offers to sign in
 *   again). When the expiry then passes: `keepDrafts`, and only after it `clearToken`, `reloadPage`.
 * - Sleep: a tab that wakes (or starts) with the expiry already past still tries one refresh through
 *   the lock before giving up, because the refresh token usually outlives the access token. The app
 *   sends `WAKE {now}` when the page becomes visible again, because timers may not have counted the
 *   time the machine slept.
 */

export interface TokenExpiryContext {
  /** Epoch ms of `auth.expires_at`. */
  expiresAt: number;
  /** Epoch ms at which `expiresAt` was reported; the delays count from here. */
  now: number;
  /** Epoch ms at which this token is due for its refresh (`refreshPoint`). */
  refreshAt: number;
  refreshBeforeExpiryMs: number;
  refreshShare: number;
  refreshLockMs: number;
  /** Whether the expiry passed while this tab was still trying to refresh. */
  deadlinePassed: boolean;
}

export interface TokenExpiryInput {
  refreshBeforeExpiryMs?: number;
  /** Share (0–1) of the lifetime left after which a short-lived token is refreshed. */
  refreshShare?: number;
  refreshLockMs?: number;
}

/** A session's expiry and the time it was observed. */
export interface SessionTime {
  expiresAt: number;
  now: number;
}

export type RefreshLockEvent = { type: 'LOCK_ACQUIRED' } | { type: 'LOCK_BUSY' };

export type TokenExpiryEvent =
  | ({ type: 'SESSION_STARTED' } & SessionTime)
  /** A new session was stored (by another tab's refresh or sign-in). */
  | ({ type: 'TOKEN_STORED' } & SessionTime)
  /** The page is visible again after a while; `now` lets the timers catch up. */
  | { type: 'WAKE'; now: number }
  | { type: 'SESSION_ENDED' }
  | { type: 'STOP' }
  | RefreshLockEvent
  /** Internal: raised when the expiry timer fires. */
  | { type: 'EXPIRY_REACHED' };

export interface RefreshInput {
  /** The expiry this tab knows, so the app can adopt a newer session another tab already stored. */
  expiresAt: number;
}

/** setTimeout fires at once for delays above 2^31-1 ms; such tokens (24.8 days) re-check then. */
const MAX_DELAY_MS = 2 ** 31 - 1;
const clampDelay = (ms: number): number => Math.min(Math.max(0, ms), MAX_DELAY_MS);

/**
 * When a token that expires at `expiresAt`, reported at `now`, is refreshed: `before` ahead of the
 * expiry, or after `share` of the lifetime left when that comes first. A token reported expired is
 * due at once (one last attempt).
 */
export function refreshPoint(
  { expiresAt, now }: SessionTime,
  { before, share }: { before: number; share: number },
): number {
  const left = Math.max(0, expiresAt - now);
  return expiresAt - Math.min(before, left * (1 - share));
}

const notProvided = (name: string) => () => {
  throw new Error(`tokenExpiryMachine: '${name}' must be supplied with .provide()`);
};

export const tokenExpiryMachine = setup({
  types: {
    context: {} as TokenExpiryContext,
    events: {} as TokenExpiryEvent,
    input: {} as TokenExpiryInput,
  },
  actions: {
    /** Removes the stored session. */
    clearToken: notProvided('clearToken'),
    /** Reloads the page, which then starts signed out. */
    reloadPage: notProvided('reloadPage'),
    /**
     * The refresh failed and the token will run out: the app warns ("Your session ends in 60 s") and
     * asks for the password while the screen stays.
     */
    sessionEnding: notProvided('sessionEnding'),
    /** Takes the expiry and clock reading of SESSION_STARTED / TOKEN_STORED. */
    fromSessionTime: assign(({ context, event }) =>
      event.type === 'SESSION_STARTED' || event.type === 'TOKEN_STORED'
        ? sessionContext(context, { expiresAt: event.expiresAt, now: event.now })
        : {},
    ),
  },
  guards: {
    deadlinePassed: ({ context }) => context.deadlinePassed,
    isPastExpiry: ({ context, event }) => event.type === 'WAKE' && event.now >= context.expiresAt,
    /** The refresh brought a token that outlives the one it replaces and has not expired yet. */
    isNewerToken: ({ context }, output: SessionTime) =>
      output.expiresAt > context.expiresAt && output.expiresAt > output.now,
  },
  delays: {
    untilRefresh: ({ context }) => clampDelay(context.refreshAt - context.now),
    untilExpiry: ({ context }) => clampDelay(context.expiresAt - context.now),
    lockLifetime: ({ context }) => context.refreshLockMs,
  },
  actors: {
    /** Holds the cross-tab refresh lock while running; reports LOCK_ACQUIRED or LOCK_BUSY. */
    acquireRefreshLock: fromCallback<RefreshLockEvent>(notProvided('acquireRefreshLock')),
    /** Refreshes the token, stores the new session and reports its expiry. */
    refresh: fromPromise<SessionTime, RefreshInput>(notProvided('refresh')),
    /** Writes every open form's pending draft to local storage, so the reload loses no typed work. */
    keepDrafts: fromPromise<void>(notProvided('keepDrafts')),
  },
}).createMachine({
  id: 'tokenExpiry',
  context: ({ input }) => ({
    expiresAt: 0,
    now: 0,
    refreshAt: 0,
    refreshBeforeExpiryMs: input.refreshBeforeExpiryMs ?? DURATIONS.refreshBeforeExpiryMs,
    refreshShare: input.refreshShare ?? TOKEN_REFRESH.lifetimeShare,
    refreshLockMs: input.refreshLockMs ?? DURATIONS.refreshLockMs,
    deadlinePassed: false,
  }),
  initial: 'idle',
  on: {
    SESSION_ENDED: '.idle',
    STOP: '.idle',
  },
  states: {
    idle: {
      on: { SESSION_STARTED: { target: 'active', actions: 'fromSessionTime' } },
    },
    active: {
      entry: assign({ deadlinePassed: false }),
      after: {
        // Targetless: what the expiry means depends on where the refresh stands (see substates).
        untilExpiry: {
          actions: [assign({ deadlinePassed: true }), raise({ type: 'EXPIRY_REACHED' })],
        },
      },
      on: {
        SESSION_STARTED: { target: 'active', reenter: true, actions: 'fromSessionTime' },
        TOKEN_STORED: { target: 'active', reenter: true, actions: 'fromSessionTime' },
      },
      initial: 'scheduled',
      states: {
        scheduled: {
          after: { untilRefresh: 'refreshing' },
          on: {
            // Both delays were 0 (started or woke after the expiry): one last refresh attempt.
            EXPIRY_REACHED: 'refreshing',
            WAKE: {
              target: '#tokenExpiry.active',
              reenter: true,
              actions: assign({ now: ({ event }) => event.now }),
            },
          },
        },
        refreshing: {
          invoke: { src: 'acquireRefreshLock' },
          initial: 'acquiringLock',
          after: { lockLifetime: 'refreshFailed' },
          on: { LOCK_BUSY: 'waitingForOtherTab' },
          states: {
            acquiringLock: {
              on: { LOCK_ACQUIRED: 'requesting' },
            },
            requesting: {
              invoke: {
                src: 'refresh',
                input: ({ context }) => ({ expiresAt: context.expiresAt }),
                onDone: [
                  {
                    guard: { type: 'isNewerToken', params: ({ event }) => event.output },
                    target: '#tokenExpiry.active',
                    reenter: true,
                    actions: assign(({ context, event }) => sessionContext(context, event.output)),
                  },
                  // The same (or a dead) token again: refreshing it once more would loop.
                  { target: '#tokenExpiry.active.refreshFailed' },
                ],
                onError: '#tokenExpiry.active.refreshFailed',
              },
            },
          },
        },
        waitingForOtherTab: {
          // The holder had its chance; if no TOKEN_STORED came, try the lock (and the refresh)
          // ourselves. The expiry alone never ends this wait: the other tab may still succeed.
          after: { lockLifetime: 'refreshing' },
        },
        refreshFailed: {
          entry: 'sessionEnding',
          always: { guard: 'deadlinePassed', target: '#tokenExpiry.expired' },
          on: {
            EXPIRY_REACHED: '#tokenExpiry.expired',
            WAKE: { guard: 'isPastExpiry', target: '#tokenExpiry.expired' },
          },
        },
      },
    },
    // Spec §4 at the expiry: the token is cleared and the page reloads, but only once the open
    // forms' drafts are stored (a failure to store them must not keep a dead session open).
    expired: {
      invoke: {
        src: 'keepDrafts',
        onDone: { target: 'reloading' },
        onError: { target: 'reloading' },
      },
    },
    reloading: {
      entry: ['clearToken', 'reloadPage'],
    },
  },
});

/** The context of a session reported at `time`, with its refresh point. */
function sessionContext(context: TokenExpiryContext, time: SessionTime): Partial<TokenExpiryContext> {
  const before = context.refreshBeforeExpiryMs;
  return { ...time, refreshAt: refreshPoint(time, { before, share: context.refreshShare }) };
}

export type TokenExpirySnapshot = SnapshotFrom<typeof tokenExpiryMachine>;
