import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { DURATIONS } from '../src/shared/limits';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';
/** A message lasts 3 s, a notification (with a title) 4.5 s (spec §9). */
export type ToastKind = 'message' | 'notification';

export interface Toast {
  id: string;
  severity: ToastSeverity;
  kind: ToastKind;
  message: string;
  title?: string;
  durationMs: number;
}

export type ToastInput = Omit<Toast, 'id' | 'durationMs' | 'kind'> & { kind?: ToastKind };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState: [] as Toast[],
  reducers: {
    toastShown: {
      reducer: (state, action: PayloadAction<Toast>) => {
        state.push(action.payload);
      },
      prepare: (input: ToastInput) => {
        const kind = input.kind ?? 'message';
        return {
          payload: {
            ...input,
            kind,
            id: nanoid(),
            durationMs: kind === 'notification' ? DURATIONS.notificationMs : DURATIONS.messageMs,
          },
        };
      },
    },
    toastClosed: (state, action: PayloadAction<string>) =>
      state.filter((toast) => toast.id !== action.payload),
  },
});

export const { toastShown, toastClosed } = toastSlice.actions;
