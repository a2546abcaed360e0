import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormikContext } from 'formik';
import { en } from '../../shared/messages';
import { SubmitButton } from './SubmitButton';

export interface FormActionsProps {
  /** Shows a Cancel button. */
  onCancel?: () => void;
  /** Shows a Back button. */
  onBack?: () => void;
  /** The submit button's text (default en.save). */
  submitLabel?: string;
  /** Overrides Formik's `isSubmitting` (e.g. while a flow is submitting). */
  submitting?: boolean;
  /** Disables the submit button. */
  disabled?: boolean;
}

/** The row of a form's buttons: Back and Cancel on the left of the submit button (Save). */
export function FormActions({
  onCancel,
  onBack,
  submitLabel = en.save,
  submitting,
  disabled,
}: FormActionsProps) {
  const { isSubmitting } = useFormikContext();
  const busy = submitting ?? isSubmitting;
  return (
    <Stack direction="row" spacing={1} justifyContent="flex-end">
      {onBack && (
        <Button variant="text" onClick={onBack} disabled={busy}>
          {en.back}
        </Button>
      )}
      {onCancel && (
        <Button variant="outlined" color="secondary" onClick={onCancel} disabled={busy}>
          {en.cancel}
        </Button>
      )}
      <SubmitButton busy={busy} disabled={disabled}>
        {submitLabel}
      </SubmitButton>
    </Stack>
  );
}
