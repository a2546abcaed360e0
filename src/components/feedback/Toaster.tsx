import { useCallback, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { toastClosed, type Toast } from '../../../store/toastSlice';

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

/** One toast: closes itself after its `durationMs`, or on its close button. */
export function ToastItem({ toast, onClose }: ToastItemProps) {
  const { id, durationMs } = toast;
  useEffect(() => {
    const timer = setTimeout(() => onClose(id), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs, onClose]);

  return (
    <Alert
      severity={toast.severity}
      variant="standard"
      onClose={() => onClose(id)}
      data-kind={toast.kind}
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
    </Alert>
  );
}

export type ToasterProps = Record<string, never>;

/** Every open toast, stacked at the top centre of the screen (spec §9). */
export function Toaster(_props: ToasterProps) {
  const toasts = useAppSelector((state) => state.toasts);
  const dispatch = useAppDispatch();
  // Stable across renders, so each toast's timer is not restarted when another toast arrives.
  const close = useCallback((id: string) => dispatch(toastClosed(id)), [dispatch]);

  return (
    <Box
      aria-live="polite"
      sx={{
        position: 'fixed',
        top: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        pointerEvents: 'none',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={close} />
      ))}
    </Box>
  );
}
