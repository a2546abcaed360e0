import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { DURATIONS } from '../src/shared/limits';

/**
 * Whether the server now serves a newer build than the one this tab runs (the app's "A new version
 * is available" banner).
 *
 * - `idle`: nothing learnt yet; `upToDate`: the last check found this tab's build. From both, the
 *   next check runs after `intervalMs` (data, so tests drive it with a simulated clock), or at once
 *   on CHECK (the app sends it when the window gets the focus back).
 * - `checking` asks the server (`fetchVersion`: the served build's id, or null when it has none).
 *   A failed check tells nothing: back to `idle`, to try again at the next interval or focus.
 * - SEEN {id}: the build id an API answer carried (its `x-build-id` header); a different one is
 *   news without asking.
 * - `newVersion` is final: the tab stays on its build until the user reloads.
 */

export interface VersionContext {
  /** The build this tab runs. */
  currentId: string;
  /** The newer build the server serves, once seen. */
  latestId: string | null;
  intervalMs: number;
}

export interface VersionInput {
  currentId: string;
  intervalMs?: number;
}

export type VersionEvent = { type: 'CHECK' } | { type: 'SEEN'; id: string };

const notProvided = (name: string) => () => {
  throw new Error(`versionMachine: '${name}' must be supplied with .provide()`);
};

/** A served id means news when it is known and not this tab's own. */
const isOther = (context: VersionContext, id: string | null | undefined): id is string =>
  Boolean(id) && id !== context.currentId;

export const versionMachine = setup({
  types: {
    context: {} as VersionContext,
    events: {} as VersionEvent,
    input: {} as VersionInput,
  },
  guards: {
    seenOther: ({ context, event }) => event.type === 'SEEN' && isOther(context, event.id),
  },
  actions: {
    keepSeen: assign({ latestId: ({ event }) => (event.type === 'SEEN' ? event.id : null) }),
  },
  delays: {
    interval: ({ context }) => context.intervalMs,
  },
  actors: {
    /** The id of the build the server serves now, or null when it serves none. */
    fetchVersion: fromPromise<string | null>(notProvided('fetchVersion')),
  },
}).createMachine({
  id: 'version',
  context: ({ input }) => ({
    currentId: input.currentId,
    latestId: null,
    intervalMs: input.intervalMs ?? DURATIONS.versionCheckMs,
  }),
  initial: 'idle',
  on: {
    SEEN: { guard: 'seenOther', target: '.newVersion', actions: 'keepSeen' },
  },
  states: {
    idle: {
      after: { interval: 'checking' },
      on: { CHECK: 'checking' },
    },
    checking: {
      invoke: {
        src: 'fetchVersion',
        onDone: [
          {
            guard: ({ context, event }) => isOther(context, event.output),
            target: 'newVersion',
            actions: assign({ latestId: ({ event }) => event.output }),
          },
          { target: 'upToDate' },
        ],
        onError: 'idle',
      },
    },
    upToDate: {
      after: { interval: 'checking' },
      on: { CHECK: 'checking' },
    },
    newVersion: {
      type: 'final',
    },
  },
});

export type VersionSnapshot = SnapshotFrom<typeof versionMachine>;

/** Whether the tab should offer to reload. */
export const hasNewVersion = (snapshot: VersionSnapshot): boolean => snapshot.matches('newVersion');
