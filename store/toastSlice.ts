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
  /** How long it stays while not hovered or focused; null: until the user closes it (errors). */
  durationMs: number | null;
}

export type ToastInput = Omit<Toast, 'id' | 'durationMs' | 'kind'> & { kind?: ToastKind };

/** Errors stay until dismissed: a person must be able to read, and act on, what went wrong. */
const durationOf = (severity: ToastSeverity, kind: ToastKind): number | null => {
  if (severity === 'error') return null;
  return kind === 'notification' ? DURATIONS.notificationMs : DURATIONS.messageMs;
};

const sameToast = (a: Toast, b: Toast) =>
  a.severity === b.severity && a.message === b.message && a.title === b.title;

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
        return { payload: { ...input, kind, id: nanoid(), durationMs: durationOf(input.severity, kind) } };
      },
    },
    toastClosed: (state, action: PayloadAction<string>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
