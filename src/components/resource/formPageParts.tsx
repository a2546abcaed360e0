import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { thrownErrorMessages } from '../../../store/errorDisplay';
import { en, format } from '../../shared/messages';
import { REFUSAL_MESSAGES } from '../../shared/messages/refusals';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

export interface FormPageHeaderProps {
  title: string;
  /** Shows Delete. */
  onDelete?: () => void;
}

/** The form page's title, with Delete on the right when allowed. */
export function FormPageHeader({ title, onDelete }: FormPageHeaderProps) {
  return (
    <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
      <Typography variant="h1">{title}</Typography>
      {onDelete && (
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          {en.delete}
        </Button>
      )}
    </Stack>
  );
}

export interface StaleItemAlertProps {
  item: string;
  onReload: () => void;
}

/** After a 409: someone else saved the item; reload it (unsaved edits are replaced). */
export function StaleItemAlert({ item, onReload }: StaleItemAlertProps) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {format(LIST_SCREEN_MESSAGES.reloadItem, { item })}
        </Button>
      }
    >
      {format(REFUSAL_MESSAGES.staleUpdate, { item })}
    </Alert>
  );
}

export interface LoadErrorAlertProps {
  error: unknown;
  onRetry: () => void;
}

/** A failed load other than a 404 (the item endpoint is silent, so it is shown here). */
export function LoadErrorAlert({ error, onRetry }: LoadErrorAlertProps) {
  const messages = thrownErrorMessages(error);
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {en.reload}
        </Button>
      }
    >
      {messages.join(' ')}
    </Alert>
  );
}

export interface FormPageBackProps {
  onBack: () => void;
}

/** The only action of a read-only form. */
export function FormPageBack({ onBack }: FormPageBackProps) {
  return (
    <Button variant="outlined" onClick={onBack}>
      {en.back}
    </Button>
  );
}
