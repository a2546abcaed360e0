import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { en } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface ConfirmDialogProps {
  open: boolean;
  /** Default: the delete confirmation's title (spec §8). */
  title?: string;
  /** Default: the delete confirmation's text (spec §8). */
  text?: string;
  /** The confirm button's text (default en.delete). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** The confirm button's colour: `error` for what cannot be undone (default), `primary` otherwise. */
  confirmColor?: 'error' | 'primary';
  /** Shows a spinner and disables the buttons. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be undone; by default the delete confirmation. */
export function ConfirmDialog({
  open,
  title = SCREEN_TEXT.deleteConfirmTitle,
  text = SCREEN_TEXT.deleteConfirmText,
  confirmLabel = en.delete,
  cancelLabel = en.cancel,
  busy = false,
  confirmColor = 'error',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          color={confirmColor}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
