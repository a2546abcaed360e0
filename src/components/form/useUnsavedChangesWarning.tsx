import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { unloadGuardReleased } from '../../drafts/unloadGuard';
import { en } from '../../shared/messages';
import { ConfirmDialog } from '../feedback/ConfirmDialog';
import { holdUnsavedChanges } from './unsavedChanges';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface UnsavedChangesWarning {
  /** True while a navigation waits for the user's answer. */
  open: boolean;
  /** Cancels the navigation. */
  stay: () => void;
  /** Lets the navigation go on. */
  leave: () => void;
}

/**
 * While `dirty`, asks before the router leaves the page (another pathname) and lets the browser ask
 * before the tab is closed or reloaded; a reload the app starts (the new-version banner) asks through
 * `useGuardedReload` instead. Navigations started while a submit is in flight are not blocked when
 * the caller passes `dirty && !isSubmitting`.
 */
export function useUnsavedChangesWarning(dirty: boolean): UnsavedChangesWarning {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
    [dirty],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!dirty) return undefined;
    const release = holdUnsavedChanges();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (unloadGuardReleased()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);

  // A blocked navigation whose form became clean meanwhile (e.g. saved) goes on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return {
    open: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}

export interface UnsavedChangesDialogProps {
  open: boolean;
  onStay: () => void;
  onLeave: () => void;
}

/** The confirm dialog shown when leaving a form with unsaved changes. */
export function UnsavedChangesDialog({ open, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title={SCREEN_TEXT.unsavedChangesTitle}
      text={en.unsavedChanges}
      confirmLabel={SCREEN_TEXT.leave}
      cancelLabel={SCREEN_TEXT.stay}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}

export interface UnsavedChangesPromptProps {
  /** Whether leaving should ask first (usually `dirty && !isSubmitting`). */
  when: boolean;
}

/** Drop-in for a form: the hook and its dialog together. */
export function UnsavedChangesPrompt({ when }: UnsavedChangesPromptProps) {
  const { open, stay, leave } = useUnsavedChangesWarning(when);
  return <UnsavedChangesDialog open={open} onStay={stay} onLeave={leave} />;
}
