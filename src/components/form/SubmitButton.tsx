import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormikContext } from 'formik';

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** Shows a spinner and disables the button; Formik's `isSubmitting` unless given. */
  busy?: boolean;
};

/** A form's submit button: contained, with a spinner while the form is busy. */
export function SubmitButton({ busy, disabled, size, children, ...props }: SubmitButtonProps) {
  const { isSubmitting } = useFormikContext();
  const spinning = busy ?? isSubmitting;
  return (
    <Button
      type="submit"
      variant="contained"
      size={size}
      disabled={spinning || disabled}
      startIcon={
        spinning ? <CircularProgress size={size === 'large' ? 18 : 16} color="inherit" /> : undefined
      }
      {...props}
    >
      {children}
    </Button>
  );
}
