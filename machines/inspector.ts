import type { InspectionEvent, Observer } from 'xstate';

/**
 * The Stately inspector for development (`XSTATE_INSPECT=true npm run dev`).
 *
 * Both flags are build-time constants replaced by webpack's DefinePlugin, so in a production build
 * the condition is `false` and the `import()` below is dropped: `@statelyai/inspect` never reaches
 * the production bundle. No `typeof process` guard on purpose: it would not be replaced and would
 * switch the inspector off in the browser.
 */
export const inspectorEnabled: boolean =
  process.env.XSTATE_INSPECT === 'true' && process.env.NODE_ENV !== 'production';

type InspectObserver = Observer<InspectionEvent>;

let target: InspectObserver | null = null;
let pending: InspectionEvent[] = [];
let loading: Promise<void> | null = null;

function load(): Promise<void> {
  // The condition is repeated inline (not `inspectorEnabled`) so that webpack sees a constant
  // `false` around the import() in production and emits no chunk for it at all.
  if (process.env.XSTATE_INSPECT === 'true' && process.env.NODE_ENV !== 'production') {
    loading ??= import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      target = createBrowserInspector().inspect;
      // Actors register themselves in their first events; replay them so the inspector sees them.
      for (const event of pending) target.next?.(event);
      pending = [];
    });
  }
  return loading ?? Promise.resolve();
}

/**
 * An `inspect` observer that can be given to `createActor` synchronously: events are buffered until
 * the lazily loaded inspector is ready.
 */
function forward(event: InspectionEvent): void {
  if (target) {
    target.next?.(event);
    return;
  }
  pending.push(event);
  void load();
}

/** Options to spread into `createActor(logic, { ...inspectOptions() })`; empty when disabled. */
export function inspectOptions(): { inspect?: (event: InspectionEvent) => void } {
  return inspectorEnabled ? { inspect: forward } : {};
}
