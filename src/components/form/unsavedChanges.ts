import { useCallback, useState } from 'react';
import { releaseUnloadGuard } from '../../drafts/unloadGuard';

/**
 * Which forms hold unsaved changes, for leaving the page in ways the router does not see (the
 * new-version banner's reload). Kept outside React so that any form, wherever it is rendered, is
 * counted; each form holds a token while dirty (useUnsavedChangesWarning).
 */
const dirtyForms = new Set<symbol>();

/** Marks one form dirty until the returned function is called. */
export function holdUnsavedChanges(): () => void {
  const token = Symbol('unsaved changes');
  dirtyForms.add(token);
  return () => {
    dirtyForms.delete(token);
  };
}

export const hasUnsavedChanges = (): boolean => dirtyForms.size > 0;

/**
 * Leaves the page with `go` (a reload) after the user already agreed to lose the changes: the forms'
 * own "Leave site?" prompt (beforeunload) stays quiet.
 */
export function leavePage(go: () => void): void {
  releaseUnloadGuard();
  go();
}

export interface GuardedReload {
  /** Reloads at once, or first asks when a form holds unsaved changes. */
  reload: () => void;
  /** True while the question is open. */
  asking: boolean;
  stay: () => void;
  leave: () => void;
}

/** A reload that asks first, like leaving a form with unsaved changes through the router. */
export function useGuardedReload(reloadPage: () => void): GuardedReload {
  const [asking, setAsking] = useState(false);
  const reload = useCallback(() => {
    if (hasUnsavedChanges()) setAsking(true);
    else reloadPage();
  }, [reloadPage]);
  return {
    reload,
    asking,
    stay: () => setAsking(false),
    leave: () => {
      setAsking(false);
      leavePage(reloadPage);
    },
  };
}
