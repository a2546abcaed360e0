import { useMemo } from 'react';
import { useAppDispatch } from '../../store/hooks';
import { toastShown, type ToastSeverity } from '../../store/toastSlice';

export interface NotifyInput {
  severity: ToastSeverity;
  title: string;
  message: string;
}

export interface NotifyApi {
  /** A green message toast (3 s). */
  success: (message: string) => void;
  /** A red message toast; it closes after 3 s like any message (or on its close button). */
  error: (message: string) => void;
  /** A blue message toast (3 s). */
  info: (message: string) => void;
  /** A notification with a title (4.5 s), for background events: an export or import finished. */
  notify: (input: NotifyInput) => void;
}

/**
 * Shows toasts at the top of the screen (spec §9): messages last 3 s, notifications 4.5 s, errors
 * until closed; hovering or focusing one holds it.
 */
export function useNotify(): NotifyApi {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      success: (message) => dispatch(toastShown({ severity: 'success', message })),
      error: (message) => dispatch(toastShown({ severity: 'error', message })),
      info: (message) => dispatch(toastShown({ severity: 'info', message })),
      notify: ({ severity, title, message }) =>
        dispatch(toastShown({ severity, title, message, kind: 'notification' })),
    }),
    [dispatch],
  );
}
