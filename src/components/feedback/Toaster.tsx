import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { toastActions, toastClosed, type Toast } from '../../../store/toastSlice';

export interface ToastItemProps {
  toast: Toast;
  onClose: (id: string) => void;
}

// What MUI's Grow does on enter, as CSS: the toasts need no Transition component, which would
// otherwise be in every first load only for them.
const grow = keyframes`
  from { opacity: 0; transform: scale(0.75, 0.5625); }
  to { opacity: 1; transform: none; }
`;

/**
 * Counts down `durationMs` while the pointer is away and focus is elsewhere: hovering or focusing a
 * toast holds it (WCAG 2.2.1), leaving resumes the rest.
 */
function useCountdown(durationMs: number, onDone: () => void) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(durationMs);
  useEffect(() => {
    if (paused) return undefined;
    const started = Date.now();
    const timer = setTimeout(onDone, remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDone]);
  return { pause: () => setPaused(true), resume: () => setPaused(false) };
}

/** One toast: closes itself after its duration, or on its close button. */
export function ToastItem({ toast, onClose }: ToastItemProps) {
  const { id, durationMs } = toast;
  const close = useCallback(() => onClose(id), [id, onClose]);
  const { pause, resume } = useCountdown(durationMs, close);

  return (
    <Alert
      severity={toast.severity}
      variant="standard"
      onClose={close}
      data-kind={toast.kind}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resume}
      sx={{
        pointerEvents: 'auto',
        boxShadow: 3,
        minWidth: 280,
        maxWidth: 480,
        animation: (theme) => `${grow} ${theme.transitions.duration.enteringScreen}ms ease-out`,
      }}
    >
      {toast.title && <AlertTitle>{toast.title}</AlertTitle>}
      {toast.message}
      {toast.action && (
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          sx={{ ml: 1.5, py: 0 }}
          onClick={() => {
            toastActions.get(id)?.();
            close();
          }}
        >
          {toast.action}
        </Button>
      )}
    </Alert>
  );
}

export type ToasterProps = Record<string, never>;

/**
 * Every open toast, stacked at the top centre of the screen (spec §8); at phone width just below the
 * header, whose controls span the whole width there and must stay reachable while a toast shows.
 */
export function Toaster(_props: ToasterProps) {
  const toasts = useAppSelector((state) => state.toasts);
  const dispatch = useAppDispatch();
  // Stable across renders, so each toast's timer is not restarted when another toast arrives.
  const close = useCallback(
    (id: string) => {
      toastActions.delete(id);
      dispatch(toastClosed(id));
    },
    [dispatch],
  );

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: { xs: 64, sm: 16 },
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        width: 'max-content',
        maxWidth: 'calc(100vw - 32px)',
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={close} />
      ))}
    </Box>
  );
}
