import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DURATIONS } from '../src/shared/limits';
import { deferred, flush, type Deferred } from '../test/async';
import { hasNewVersion, versionMachine } from './versionMachine';

const MINUTE = 60_000;
const OURS = 'build-a';
const NEWER = 'build-b';

/** The actor with a simulated clock and a server whose answers the test settles one by one. */
function startVersion(input: { intervalMs?: number } = {}) {
  const clock = new SimulatedClock();
  const answers: Deferred<string | null>[] = [];
  const fetchVersion = jest.fn(() => {
    const answer = deferred<string | null>();
    answers.push(answer);
    return answer.promise;
  });
  const actor = createActor(versionMachine.provide({ actors: { fetchVersion: fromPromise(fetchVersion) } }), {
    clock,
    input: { currentId: OURS, ...input },
  }).start();
  const state = () => actor.getSnapshot().value;
  /** Settles the latest check with `id` (or fails it with `null` when `fail`). */
  const answer = async (id: string | null, fail = false) => {
    const last = answers[answers.length - 1];
    if (fail) last.reject(new Error('offline'));
    else last.resolve(id);
    await flush();
  };
  return { actor, clock, state, fetchVersion, answer };
}

describe('versionMachine timing', () => {
  it('starts idle, checking every DURATIONS.versionCheckMs unless given another interval', () => {
    const { actor, state } = startVersion();
    expect(state()).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      currentId: OURS,
      latestId: null,
      intervalMs: DURATIONS.versionCheckMs,
    });
    expect(startVersion({ intervalMs: 7 }).actor.getSnapshot().context.intervalMs).toBe(7);
  });

  it('asks the server once the interval has passed, not before (idle → checking)', () => {
    const { clock, state, fetchVersion } = startVersion({ intervalMs: 5 * MINUTE });
    clock.increment(5 * MINUTE - 1);
    expect(fetchVersion).not.toHaveBeenCalled();
    clock.increment(1);
    expect(state()).toBe('checking');
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });

  it('asks at once when the window gets the focus back (idle → checking on CHECK)', () => {
    const { actor, state, fetchVersion } = startVersion();
    actor.send({ type: 'CHECK' });
    expect(state()).toBe('checking');
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });

  it('does not ask twice while a check is running', () => {
    const { actor, clock, fetchVersion } = startVersion({ intervalMs: MINUTE });
    actor.send({ type: 'CHECK' });
    actor.send({ type: 'CHECK' });
    clock.increment(10 * MINUTE);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });
});

describe('versionMachine answers', () => {
  it('is up to date when the server serves this build, and checks again an interval later', async () => {
    const { actor, clock, state, fetchVersion, answer } = startVersion({ intervalMs: MINUTE });
    actor.send({ type: 'CHECK' });
    await answer(OURS);
    expect(state()).toBe('upToDate');
    expect(hasNewVersion(actor.getSnapshot())).toBe(false);
    clock.increment(MINUTE - 1);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(state()).toBe('checking');
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('checks again from upToDate when the window gets the focus back', async () => {
    const { actor, state, fetchVersion, answer } = startVersion();
    actor.send({ type: 'CHECK' });
    await answer(OURS);
    actor.send({ type: 'CHECK' });
    expect(state()).toBe('checking');
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('counts a server without a build id as no news', async () => {
    const { actor, state, answer } = startVersion();
    actor.send({ type: 'CHECK' });
    await answer(null);
    expect(state()).toBe('upToDate');
  });

  it('offers the new version when the server serves another build, and stops checking', async () => {
    const { actor, clock, state, fetchVersion, answer } = startVersion({ intervalMs: MINUTE });
    actor.send({ type: 'CHECK' });
    await answer(NEWER);
    expect(state()).toBe('newVersion');
    expect(hasNewVersion(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.latestId).toBe(NEWER);
    actor.send({ type: 'CHECK' });
    clock.increment(60 * MINUTE);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    expect(state()).toBe('newVersion');
  });

  it('goes back to idle when the check fails, and tries again an interval later', async () => {
    const { actor, clock, state, fetchVersion, answer } = startVersion({ intervalMs: MINUTE });
    actor.send({ type: 'CHECK' });
    await answer(null, true);
    expect(state()).toBe('idle');
    clock.increment(MINUTE);
    expect(state()).toBe('checking');
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });
});

describe('versionMachine and the build id API answers carry (SEEN)', () => {
  it.each([
    ['idle', async () => undefined],
    [
      'upToDate',
      async (t: ReturnType<typeof startVersion>) => {
        t.actor.send({ type: 'CHECK' });
        await t.answer(OURS);
      },
    ],
    ['checking', async (t: ReturnType<typeof startVersion>) => t.actor.send({ type: 'CHECK' })],
  ])('learns of a new version from another id seen in %s, without asking', async (from, reach) => {
    const t = startVersion();
    await reach(t);
    expect(t.state()).toBe(from);
    const asked = t.fetchVersion.mock.calls.length;
    t.actor.send({ type: 'SEEN', id: NEWER });
    expect(t.state()).toBe('newVersion');
    expect(t.actor.getSnapshot().context.latestId).toBe(NEWER);
    expect(t.fetchVersion).toHaveBeenCalledTimes(asked);
  });

  it('ignores its own id, keeping the next check where it was', () => {
    const { actor, clock, state, fetchVersion } = startVersion({ intervalMs: MINUTE });
    clock.increment(MINUTE - 1);
    actor.send({ type: 'SEEN', id: OURS });
    expect(state()).toBe('idle');
    clock.increment(1);
    expect(fetchVersion).toHaveBeenCalledTimes(1);
  });
});
