import { lazy, Suspense, useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorOptions, type AnyActorLogic } from 'xstate';
import { inspectOptions } from '../../machines/inspector';
import { hasNewVersion, versionMachine } from '../../machines/versionMachine';
import { onBuildIdSeen } from '../../store/api';
import { useAppDispatch } from '../../store/hooks';
import { versionApi } from '../../store/versionApi';
import { NewVersionBanner } from '../components/feedback/NewVersionBanner';
import { useGuardedReload } from '../components/form/unsavedChanges';

// The dialog (and MUI's modal code) is fetched only when a reload finds unsaved changes.
const UnsavedChangesDialog = lazy(() =>
  import('../components/form/useUnsavedChangesWarning').then((m) => ({ default: m.UnsavedChangesDialog })),
);

declare const __webpack_hash__: string | undefined;

/** This tab's build id (webpack's hash, also in the server's build.json); none outside a production build. */
export const runningBuildId = (): string | null =>
  process.env.NODE_ENV === 'production' && typeof __webpack_hash__ === 'string' ? __webpack_hash__ : null;

export interface VersionCheckProps {
  /** The build this tab runs; without one (development, tests) nothing is checked. */
  currentId?: string | null;
  /** Between two checks, in ms (DURATIONS.versionCheckMs by default). */
  intervalMs?: number;
  /** Timers of the machine; tests pass xstate's SimulatedClock. */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** Defaults to `window.location.reload()`; jsdom cannot navigate. */
  reloadPage?: () => void;
}

/**
 * Tells an open tab that a new version was deployed (machines/versionMachine.ts): asks the server on
 * window focus and every few minutes, and learns of it from any API answer's build id. The banner's
 * Reload asks first when a form holds unsaved changes.
 */
export function VersionCheck({ currentId = runningBuildId(), ...props }: VersionCheckProps) {
  return currentId ? <VersionChecker currentId={currentId} {...props} /> : null;
}

const defaultReload = () => window.location.reload();

function VersionChecker({
  currentId,
  intervalMs,
  clock,
  reloadPage = defaultReload,
}: VersionCheckProps & { currentId: string }) {
  const dispatch = useAppDispatch();
  const actor = useActorRef(
    versionMachine.provide({
      actors: {
        fetchVersion: fromPromise(() =>
          dispatch(
            versionApi.endpoints.getVersion.initiate(undefined, { subscribe: false, forceRefetch: true }),
          ).unwrap(),
        ),
      },
    }),
    // Without a clock of its own the actor keeps xstate's (an explicit `undefined` would replace it).
    { input: { currentId, intervalMs }, ...(clock ? { clock } : {}), ...inspectOptions() },
  );

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') actor.send({ type: 'CHECK' });
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    onBuildIdSeen((id) => actor.send({ type: 'SEEN', id }));
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
      onBuildIdSeen(null);
    };
  }, [actor]);

  const newVersion = useSelector(actor, hasNewVersion);
  const { reload, asking, stay, leave } = useGuardedReload(reloadPage);
  return (
    <>
      {newVersion && <NewVersionBanner onReload={reload} />}
      {asking && (
        <Suspense fallback={null}>
          <UnsavedChangesDialog open onStay={stay} onLeave={leave} />
        </Suspense>
      )}
    </>
  );
}
