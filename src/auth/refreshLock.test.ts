import { createActor, setup, type AnyActorLogic } from 'xstate';
import type { RefreshLockEvent } from '../../machines/tokenExpiryMachine';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { refreshLockActor } from './refreshLock';
import { flush as settle } from '../../test/async';

/** A parent that holds the lock actor and records its answer. */
function holdLock(logic: AnyActorLogic) {
  const parent = setup({
    types: { context: {} as { answer: string | null }, events: {} as RefreshLockEvent },
    actors: { lock: logic },
  }).createMachine({
    context: { answer: null },
    invoke: { src: 'lock' },
    on: {
      LOCK_ACQUIRED: { actions: ({ context }) => void (context.answer = 'acquired') },
      LOCK_BUSY: { actions: ({ context }) => void (context.answer = 'busy') },
    },
  });
  const actor = createActor(parent).start();
  return { answer: () => actor.getSnapshot().context.answer, release: () => actor.stop() };
}

/** Web Locks with `ifAvailable`: held until the callback's promise settles. */
function fakeLockManager(): LockManager {
  const held = new Set<string>();
  const request = async (
    name: string,
    _options: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> => {
    if (held.has(name)) return callback(null);
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      held.delete(name);
    }
  };
  return { request, query: async () => ({}) } as unknown as LockManager;
}

describe('refresh lock with Web Locks', () => {
  it('lets one holder in and answers busy to the next until it is released', async () => {
    const locks = fakeLockManager();
    const first = holdLock(refreshLockActor({ locks }));
    await settle();
    expect(first.answer()).toBe('acquired');
    const second = holdLock(refreshLockActor({ locks }));
    await settle();
    expect(second.answer()).toBe('busy');
    first.release();
    await settle();
    const third = holdLock(refreshLockActor({ locks }));
    await settle();
    expect(third.answer()).toBe('acquired');
  });
});

describe('refresh lock with the localStorage fallback', () => {
  const NOW = 1_000_000;
  const options = { locks: undefined, storage: localStorage, now: () => NOW, lockMs: 15_000 };

  beforeEach(() => localStorage.clear());

  it('takes a free lock and frees it on release', () => {
    const held = holdLock(refreshLockActor(options));
    expect(held.answer()).toBe('acquired');
    expect(localStorage.getItem(STORAGE_KEYS.refreshLock)).toMatch(new RegExp(`:${NOW}$`));
    held.release();
    expect(localStorage.getItem(STORAGE_KEYS.refreshLock)).toBeNull();
  });

  it('is busy while another tab took the lock less than lockMs ago', () => {
    localStorage.setItem(STORAGE_KEYS.refreshLock, `other:${NOW - 14_999}`);
    const held = holdLock(refreshLockActor(options));
    expect(held.answer()).toBe('busy');
    held.release();
    expect(localStorage.getItem(STORAGE_KEYS.refreshLock)).toBe(`other:${NOW - 14_999}`);
  });

  it('takes over a lock older than lockMs (its holder is gone)', () => {
    localStorage.setItem(STORAGE_KEYS.refreshLock, `other:${NOW - 15_000}`);
    expect(holdLock(refreshLockActor(options)).answer()).toBe('acquired');
  });
});
