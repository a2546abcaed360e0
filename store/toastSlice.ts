import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { DURATIONS } from '../src/shared/limits';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
/** A message lasts 3 s, a notification (with a title, for background events) 4.5 s (spec §9). */
export type ToastKind = 'message' | 'notification';

export interface Toast {
  id: string;
  severity: ToastSeverity;
  kind: ToastKind;
  message: string;
  title?: string;
  /** How long it stays while not hovered or focused (errors too: spec §9, issue #41). */
  durationMs: number;
  /**
   * A button in the toast (Undo): its label. What it does is kept outside the store (state stays
   * serialisable): `toastActions` under the toast's id, run once by the button, which closes the toast.
   */
  action?: string;
}

export type ToastInput = Omit<Toast, 'id' | 'durationMs' | 'kind'> & { kind?: ToastKind };

/** What each open toast's button does, by toast id (see `Toast.action`); removed when it closes. */
export const toastActions = new Map<string, () => void>();

/**
 * Every toast closes: a message after 3 s, a notification after 4.5 s (spec §9), whatever its
 * severity; hovering or focusing it holds it meanwhile (Toaster), and its close button ends it early.
 */
const durationOf = (kind: ToastKind, action?: string): number => {
  // A toast offering an action (Undo) stays as long as a notification, to leave time to reach it.
  return kind === 'notification' || action ? DURATIONS.notificationMs : DURATIONS.messageMs;
};

// A toast with an action is never merged: each Undo undoes its own write.
const sameToast = (a: Toast, b: Toast) =>
  !a.action && !b.action && a.severity === b.severity && a.message === b.message && a.title === b.title;

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      // One message per failure: the same text already on screen is not stacked again.
      reducer: (state, action: PayloadAction<Toast>) => {
        if (!state.some((toast) => sameToast(toast, action.payload))) state.push(action.payload);
      },
      prepare: (input: ToastInput) => {
        const kind = input.kind ?? 'message';
        return {
          payload: {
            ...input,
            kind,
            id: nanoid(),
            durationMs: durationOf(kind, input.action),
          },
        };
      },
    },
    toastClosed: (state, action: PayloadAction<string>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
