import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { DURATIONS, TOKEN_REFRESH } from '../src/shared/limits';
import {
  tokenExpiryMachine,
  type RefreshInput,
  type RefreshLockEvent,
  type SessionTime,
} from './tokenExpiryMachine';
import { deferred, flush } from '../test/async';

const SECOND = 1000;
const BEFORE = DURATIONS.refreshBeforeExpiryMs;
const LOCK = DURATIONS.refreshLockMs;
/** A session started at t=0 that expires after an hour. */
const EXPIRES_AT = 3600 * SECOND;

type LockAnswer = 'acquired' | 'busy';

interface Fakes {
  /** What each lock request answers, in order; 'acquired' once they run out. */
  lock?: LockAnswer[];
  refresh?: (input: RefreshInput) => Promise<SessionTime>;
  keepDrafts?: () => Promise<void>;
  input?: { refreshBeforeExpiryMs?: number; refreshShare?: number; refreshLockMs?: number };
}

function startExpiry(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const clearToken = jest.fn(() => calls.push('clearToken'));
  const reloadPage = jest.fn(() => calls.push('reloadPage'));
  const sessionEnding = jest.fn();
  const keepDrafts = jest.fn(() => {
    calls.push('keepDrafts');
    return fakes.keepDrafts ? fakes.keepDrafts() : Promise.resolve();
  });
  const answers = [...(fakes.lock ?? [])];
  const lockRequested = jest.fn();
  const lockReleased = jest.fn();
  const refresh = jest.fn(fakes.refresh ?? (async () => ({ expiresAt: 2 * EXPIRES_AT, now: clock.now() })));
  const actor = createActor(
    tokenExpiryMachine.provide({
      actions: { clearToken, reloadPage, sessionEnding },
      actors: {
        acquireRefreshLock: fromCallback<RefreshLockEvent>(({ sendBack }) => {
          lockRequested();
          const answer = answers.shift() ?? 'acquired';
          sendBack({ type: answer === 'acquired' ? 'LOCK_ACQUIRED' : 'LOCK_BUSY' });
          return lockReleased;
        }),
        refresh: fromPromise<SessionTime, RefreshInput>(({ input }) => refresh(input)),
        keepDrafts: fromPromise<void>(() => keepDrafts()),
      },
    }),
    { clock, input: fakes.input ?? {} },
  ).start();
  const state = () => actor.getSnapshot().value;
  return {
    actor,
    clock,
    state,
    calls,
    clearToken,
    reloadPage,
    sessionEnding,
    keepDrafts,
    refresh,
    lockRequested,
    lockReleased,
  };
}

function started(fakes: Fakes = {}) {
  const t = startExpiry(fakes);
  t.actor.send({ type: 'SESSION_STARTED', expiresAt: EXPIRES_AT, now: 0 });
  return t;
}

describe('tokenExpiryMachine scheduling', () => {
  it('stays idle and does nothing until a session starts', () => {
    const { state, clock, lockRequested, clearToken } = startExpiry();
    clock.increment(10 * EXPIRES_AT);
    expect(state()).toBe('idle');
    expect(lockRequested).not.toHaveBeenCalled();
    expect(clearToken).not.toHaveBeenCalled();
  });

  it('takes the refresh lead time, share and lock lifetime from DURATIONS / TOKEN_REFRESH unless given', () => {
    expect(startExpiry().actor.getSnapshot().context).toMatchObject({
      refreshBeforeExpiryMs: BEFORE,
      refreshShare: TOKEN_REFRESH.lifetimeShare,
      refreshLockMs: LOCK,
    });
    expect(
      startExpiry({ input: { refreshBeforeExpiryMs: 5, refreshLockMs: 7 } }).actor.getSnapshot().context,
    ).toMatchObject({ refreshBeforeExpiryMs: 5, refreshLockMs: 7 });
  });

  it('asks for the refresh lock exactly refreshBeforeExpiryMs before the expiry', () => {
    const { clock, state, lockRequested } = started({ lock: ['busy'] });
    clock.increment(EXPIRES_AT - BEFORE - 1);
    expect(state()).toEqual({ active: 'scheduled' });
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });

  it('counts the delays from the `now` the session was reported with', () => {
    const { actor, clock, lockRequested } = startExpiry({ lock: ['busy'] });
    // Reported at t=3000s with an expiry at 3600s: the refresh is due 540s later.
    actor.send({ type: 'SESSION_STARTED', expiresAt: EXPIRES_AT, now: 3000 * SECOND });
    clock.increment(540 * SECOND - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });

  it('reschedules for the new expiry when another tab stores a token (TOKEN_STORED)', () => {
    const { actor, clock, state, lockRequested } = started();
    clock.increment(1000 * SECOND);
    actor.send({ type: 'TOKEN_STORED', expiresAt: 7200 * SECOND, now: 1000 * SECOND });
    clock.increment(EXPIRES_AT - 1000 * SECOND);
    expect(state()).toEqual({ active: 'scheduled' });
    expect(lockRequested).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.expiresAt).toBe(7200 * SECOND);
  });

  it('restarts the timers on a new SESSION_STARTED', () => {
    const { actor, clock, lockRequested } = started();
    clock.increment(10 * SECOND);
    actor.send({ type: 'SESSION_STARTED', expiresAt: 1000 * SECOND, now: 10 * SECOND });
    clock.increment(990 * SECOND - BEFORE - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });
});

describe('tokenExpiryMachine with short token lifetimes (issue #41)', () => {
  it.each([
    [60, 30],
    [30, 15],
    [90, 45],
    [120, 60],
  ])('refreshes a %i s token after %i s, not at once', (lifetimeS, dueS) => {
    const { actor, clock, lockRequested } = startExpiry({ lock: ['busy'] });
    actor.send({ type: 'SESSION_STARTED', expiresAt: lifetimeS * SECOND, now: 0 });
    clock.increment(0);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(dueS * SECOND - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });

  it('refreshes a 60 s token once per token: 20 refreshes in 10 minutes, none in a loop', async () => {
    // Each refresh answers a new token that lasts 60 s from then.
    const t: ReturnType<typeof startExpiry> = startExpiry({
      refresh: async () => ({ expiresAt: t.clock.now() + 60 * SECOND, now: t.clock.now() }),
    });
    t.actor.send({ type: 'SESSION_STARTED', expiresAt: 60 * SECOND, now: 0 });
    // The first two seconds after sign-in: nothing (the defect fired ~60 refreshes here).
    t.clock.increment(2 * SECOND);
    await flush();
    expect(t.refresh).not.toHaveBeenCalled();
    for (let second = 2; second < 600; second++) {
      t.clock.increment(SECOND);
      await flush();
    }
    expect(t.refresh).toHaveBeenCalledTimes(20);
    expect(t.state()).toEqual({ active: 'scheduled' });
    expect(t.calls).toEqual([]);
  });

  it('counts a refresh that brings no newer token as failed and does not refresh it again', async () => {
    const { actor, clock, state, refresh, sessionEnding, calls } = startExpiry({
      // The same session again (say another tab's answer was this very token).
      refresh: async () => ({ expiresAt: 60 * SECOND, now: clock.now() }),
    });
    actor.send({ type: 'SESSION_STARTED', expiresAt: 60 * SECOND, now: 0 });
    clock.increment(30 * SECOND);
    await flush();
    expect(state()).toEqual({ active: 'refreshFailed' });
    expect(sessionEnding).toHaveBeenCalledTimes(1);
    clock.increment(30 * SECOND - 1);
    await flush();
    expect(refresh).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('does not loop on a refresh that answers an already expired token', async () => {
    const { actor, clock, refresh, state } = startExpiry({
      refresh: async () => ({ expiresAt: clock.now(), now: clock.now() + 1 }),
    });
    actor.send({ type: 'SESSION_STARTED', expiresAt: 60 * SECOND, now: 0 });
    clock.increment(30 * SECOND);
    await flush();
    for (let i = 0; i < 5; i++) {
      clock.increment(0);
      await flush();
    }
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(state()).toEqual({ active: 'refreshFailed' });
  });

  it('keeps the refresh point on WAKE: waking does not bring the refresh forward', () => {
    const { actor, clock, lockRequested } = startExpiry({ lock: ['busy'] });
    actor.send({ type: 'SESSION_STARTED', expiresAt: 60 * SECOND, now: 0 });
    clock.increment(20 * SECOND);
    actor.send({ type: 'WAKE', now: 20 * SECOND });
    clock.increment(10 * SECOND - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });

  it('halves the lifetime left when the session is reported late (a reload 50 s into a 60 s token)', () => {
    const { actor, clock, lockRequested } = startExpiry({ lock: ['busy'] });
    clock.set(50 * SECOND);
    actor.send({ type: 'SESSION_STARTED', expiresAt: 60 * SECOND, now: 50 * SECOND });
    clock.increment(5 * SECOND - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });
});

describe('tokenExpiryMachine refresh in the tab that gets the lock', () => {
  it('refreshes with the expiry it knows and reschedules for the new one', async () => {
    const { clock, state, refresh, actor, lockRequested } = started();
    clock.increment(EXPIRES_AT - BEFORE);
    expect(refresh).toHaveBeenCalledWith({ expiresAt: EXPIRES_AT });
    await flush();
    expect(state()).toEqual({ active: 'scheduled' });
    expect(actor.getSnapshot().context).toMatchObject({
      expiresAt: 2 * EXPIRES_AT,
      now: EXPIRES_AT - BEFORE,
    });
    // The next refresh is due refreshBeforeExpiryMs before the new expiry.
    clock.increment(2 * EXPIRES_AT - BEFORE - (EXPIRES_AT - BEFORE) - 1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(2);
  });

  it('holds the lock while the refresh runs and releases it afterwards', async () => {
    const pending = deferred<SessionTime>();
    const { clock, state, lockReleased } = started({ refresh: () => pending.promise });
    clock.increment(EXPIRES_AT - BEFORE);
    expect(state()).toEqual({ active: { refreshing: 'requesting' } });
    expect(lockReleased).not.toHaveBeenCalled();
    pending.resolve({ expiresAt: 2 * EXPIRES_AT, now: clock.now() });
    await flush();
    expect(lockReleased).toHaveBeenCalledTimes(1);
  });

  it('keeps the token until the expiry when the refresh fails, then clears it and reloads', async () => {
    const { clock, state, calls, lockReleased } = started({
      refresh: () => Promise.reject(new Error('invalid_grant')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    expect(state()).toEqual({ active: 'refreshFailed' });
    expect(lockReleased).toHaveBeenCalledTimes(1);
    clock.increment(BEFORE - 1);
    expect(calls).toEqual([]);
    clock.increment(1);
    expect(state()).toBe('expired');
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('counts a refresh that outlasts the lock lifetime as failed and releases the lock', async () => {
    const { clock, state, lockReleased, calls } = started({ refresh: () => new Promise(() => {}) });
    clock.increment(EXPIRES_AT - BEFORE);
    clock.increment(LOCK);
    expect(state()).toEqual({ active: 'refreshFailed' });
    expect(lockReleased).toHaveBeenCalledTimes(1);
    clock.increment(BEFORE - LOCK);
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('clears and reloads at once when the refresh fails after the expiry passed', async () => {
    const pending = deferred<SessionTime>();
    const { clock, state, calls } = started({
      input: { refreshLockMs: 2 * BEFORE },
      refresh: () => pending.promise,
    });
    clock.increment(EXPIRES_AT - BEFORE);
    clock.increment(BEFORE);
    expect(state()).toEqual({ active: { refreshing: 'requesting' } });
    expect(calls).toEqual([]);
    pending.reject(new Error('network'));
    await flush();
    expect(state()).toBe('reloading');
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });
});

describe('tokenExpiryMachine warning before the end (no usable refresh token)', () => {
  it('warns (sessionEnding) as soon as the refresh a minute before the expiry fails', async () => {
    const { clock, state, sessionEnding, calls } = started({
      refresh: () => Promise.reject(new Error('No refresh token stored')),
    });
    clock.increment(EXPIRES_AT - BEFORE - 1);
    expect(sessionEnding).not.toHaveBeenCalled();
    clock.increment(1);
    await flush();
    expect(state()).toEqual({ active: 'refreshFailed' });
    expect(sessionEnding).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
  });

  it('keeps the drafts before it clears the token and reloads at the expiry', async () => {
    const drafts = deferred<void>();
    const { clock, state, calls } = started({
      refresh: () => Promise.reject(new Error('invalid_grant')),
      keepDrafts: () => drafts.promise,
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    clock.increment(BEFORE);
    expect(state()).toBe('expired');
    expect(calls).toEqual(['keepDrafts']);
    drafts.resolve();
    await flush();
    expect(state()).toBe('reloading');
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('still clears and reloads when the drafts could not be kept', async () => {
    const { clock, calls } = started({
      refresh: () => Promise.reject(new Error('invalid_grant')),
      keepDrafts: () => Promise.reject(new Error('QuotaExceededError')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    clock.increment(BEFORE);
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('starts afresh with the new expiry when the user signs in again during the warning', async () => {
    const { actor, clock, state, calls } = started({
      refresh: () => Promise.reject(new Error('invalid_grant')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    actor.send({ type: 'SESSION_STARTED', expiresAt: clock.now() + EXPIRES_AT, now: clock.now() });
    expect(state()).toEqual({ active: 'scheduled' });
    clock.increment(BEFORE);
    expect(calls).toEqual([]);
  });

  it('neither warns further nor reloads once the session ended (a 401 took over)', async () => {
    const { actor, clock, state, calls } = started({
      refresh: () => Promise.reject(new Error('invalid_grant')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    actor.send({ type: 'SESSION_ENDED' });
    clock.increment(BEFORE);
    await flush();
    expect(state()).toBe('idle');
    expect(calls).toEqual([]);
  });
});

describe('tokenExpiryMachine in a tab that lost the lock', () => {
  it('waits for the other tab instead of refreshing', () => {
    const { clock, state, refresh } = started({ lock: ['busy'] });
    clock.increment(EXPIRES_AT - BEFORE);
    expect(state()).toEqual({ active: 'waitingForOtherTab' });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('takes the new expiry from TOKEN_STORED and never clears the session', () => {
    const { actor, clock, state, calls } = started({ lock: ['busy'] });
    clock.increment(EXPIRES_AT - BEFORE + SECOND);
    actor.send({ type: 'TOKEN_STORED', expiresAt: 2 * EXPIRES_AT, now: clock.now() });
    expect(state()).toEqual({ active: 'scheduled' });
    clock.increment(BEFORE);
    expect(calls).toEqual([]);
  });

  it('does not clear the session at the expiry while another tab may still be refreshing', () => {
    const { clock, state, calls } = started({
      lock: ['busy'],
      input: { refreshLockMs: 2 * BEFORE },
    });
    clock.increment(EXPIRES_AT - BEFORE);
    clock.increment(BEFORE + SECOND);
    expect(state()).toEqual({ active: 'waitingForOtherTab' });
    expect(calls).toEqual([]);
  });

  it('tries the lock again after the lock lifetime and refreshes itself when it gets it', async () => {
    const { clock, state, refresh, lockRequested } = started({ lock: ['busy', 'acquired'] });
    clock.increment(EXPIRES_AT - BEFORE);
    clock.increment(LOCK - 1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    await flush();
    expect(state()).toEqual({ active: 'scheduled' });
  });

  it('keeps waiting while the lock stays busy', () => {
    const { clock, state, lockRequested } = started({ lock: ['busy', 'busy', 'busy'] });
    clock.increment(EXPIRES_AT - BEFORE);
    // One step per lock lifetime: a timer set while the clock jumps starts at the jump's end.
    clock.increment(LOCK);
    clock.increment(LOCK);
    expect(lockRequested).toHaveBeenCalledTimes(3);
    expect(state()).toEqual({ active: 'waitingForOtherTab' });
  });

  it('clears and reloads when no new token came and its own late refresh failed', async () => {
    const { clock, calls, state } = started({
      lock: ['busy', 'busy', 'busy', 'busy', 'busy', 'acquired'],
      refresh: () => Promise.reject(new Error('invalid_grant')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    // 5 busy answers span 75s: the expiry (60s) passes while still waiting.
    for (let i = 0; i < 5; i++) clock.increment(LOCK);
    await flush();
    expect(state()).toBe('reloading');
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });
});

describe('tokenExpiryMachine after sleep', () => {
  it('tries one refresh at once when the session is reported already expired', async () => {
    const { actor, clock, refresh, state } = startExpiry();
    clock.set(EXPIRES_AT + SECOND);
    actor.send({ type: 'SESSION_STARTED', expiresAt: EXPIRES_AT, now: clock.now() });
    clock.increment(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    await flush();
    expect(state()).toEqual({ active: 'scheduled' });
  });

  it('clears and reloads at once when that refresh fails', async () => {
    const { actor, clock, calls } = startExpiry({
      refresh: () => Promise.reject(new Error('invalid_grant')),
    });
    clock.set(EXPIRES_AT + SECOND);
    actor.send({ type: 'SESSION_STARTED', expiresAt: EXPIRES_AT, now: clock.now() });
    clock.increment(0);
    await flush();
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });

  it('catches up on WAKE when the timers did not count the sleep', async () => {
    const { actor, clock, refresh } = started();
    clock.increment(10 * SECOND);
    actor.send({ type: 'WAKE', now: EXPIRES_AT + SECOND });
    clock.increment(0);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('reschedules from the reported time on WAKE before the refresh point', () => {
    const { actor, clock, lockRequested } = started();
    clock.increment(10 * SECOND);
    actor.send({ type: 'WAKE', now: EXPIRES_AT - BEFORE - SECOND });
    clock.increment(SECOND - 1);
    expect(lockRequested).not.toHaveBeenCalled();
    clock.increment(1);
    expect(lockRequested).toHaveBeenCalledTimes(1);
  });

  it('expires on WAKE after a failed refresh once the expiry has passed', async () => {
    const { actor, clock, state, calls } = started({
      refresh: () => Promise.reject(new Error('network')),
    });
    clock.increment(EXPIRES_AT - BEFORE);
    await flush();
    actor.send({ type: 'WAKE', now: EXPIRES_AT - 1 });
    expect(state()).toEqual({ active: 'refreshFailed' });
    actor.send({ type: 'WAKE', now: EXPIRES_AT });
    expect(state()).toBe('expired');
    await flush();
    expect(calls).toEqual(['keepDrafts', 'clearToken', 'reloadPage']);
  });
});

describe('tokenExpiryMachine on sign-out', () => {
  it.each(['SESSION_ENDED', 'STOP'] as const)('goes idle on %s and cancels every timer', (type) => {
    const { actor, clock, state, lockRequested, calls } = started();
    actor.send({ type });
    expect(state()).toBe('idle');
    clock.increment(2 * EXPIRES_AT);
    expect(lockRequested).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('releases the lock when signed out during a refresh', () => {
    const { actor, clock, lockReleased } = started({ refresh: () => new Promise(() => {}) });
    clock.increment(EXPIRES_AT - BEFORE);
    actor.send({ type: 'SESSION_ENDED' });
    expect(lockReleased).toHaveBeenCalledTimes(1);
  });
});
