import { fromCallback } from 'xstate';
import type { RefreshLockEvent } from '../../machines/tokenExpiryMachine';
import { DURATIONS } from '../shared/limits';
import { STORAGE_KEYS } from '../shared/storageKeys';

/**
 * The cross-tab refresh lock behind the token-expiry machine's `acquireRefreshLock` actor. It answers
 * LOCK_ACQUIRED or LOCK_BUSY at once (never queues: a tab that lost waits for the winner's new
 * token instead) and holds the lock until the actor stops.
 */

interface LockOptions {
  locks?: LockManager;
  storage?: Storage;
  now?: () => number;
  lockMs?: number;
}

export function refreshLockActor({
  locks = typeof navigator !== 'undefined' ? navigator.locks : undefined,
  storage = localStorage,
  now = () => Date.now(),
  lockMs = DURATIONS.refreshLockMs,
}: LockOptions = {}) {
  return fromCallback<RefreshLockEvent>(({ sendBack }) => {
    if (locks) return webLock(locks, sendBack);
    return storageLock(storage, now, lockMs, sendBack);
  });
}

type SendBack = (event: RefreshLockEvent) => void;

/** Web Locks: the lock lives as long as the callback's promise, which the actor's stop settles. */
function webLock(locks: LockManager, sendBack: SendBack): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let stopped = false;
  void locks.request(STORAGE_KEYS.refreshLock, { ifAvailable: true }, (lock) => {
    if (stopped) return undefined;
    if (!lock) {
      sendBack({ type: 'LOCK_BUSY' });
      return undefined;
    }
    sendBack({ type: 'LOCK_ACQUIRED' });
    return held;
  });
  return () => {
    stopped = true;
    release();
  };
}

/**
 * localStorage fallback (no Web Locks, e.g. old browsers): `{owner}:{taken at}`, stale after
 * `lockMs`. Not atomic across tabs: two tabs checking in the same instant may both refresh; the
 * second then presents a rotated refresh token, which the server treats as reuse. Browsers without
 * Web Locks are rare enough to accept that.
 */
function storageLock(storage: Storage, now: () => number, lockMs: number, sendBack: SendBack): () => void {
  const owner = Math.random().toString(36).slice(2);
  const current = storage.getItem(STORAGE_KEYS.refreshLock);
  const takenAt = Number(current?.split(':')[1] ?? Number.NaN);
  if (current && Number.isFinite(takenAt) && now() - takenAt < lockMs) {
    sendBack({ type: 'LOCK_BUSY' });
    return () => undefined;
  }
  const mine = `${owner}:${now()}`;
  storage.setItem(STORAGE_KEYS.refreshLock, mine);
  sendBack({ type: 'LOCK_ACQUIRED' });
  return () => {
    if (storage.getItem(STORAGE_KEYS.refreshLock) === mine) storage.removeItem(STORAGE_KEYS.refreshLock);
  };
}

/**
 * Runs `task` holding the refresh lock, waiting for it if another tab holds it (the app's start with an
 * expired access token: two tabs opened at once must not both present the same refresh token, which
 * the server would take for a stolen one). Without Web Locks the task just runs.
 */
export function withRefreshLock<T>(
  task: () => Promise<T>,
  locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined,
): Promise<T> {
  return locks ? (locks.request(STORAGE_KEYS.refreshLock, task) as Promise<T>) : task();
}
