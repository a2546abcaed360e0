import { useRef } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useFormikContext } from 'formik';
import { FormErrorFocus } from './FormErrorFocus';

export type SubmitButtonProps = Omit<ButtonProps, 'type'> & {
  /** Shows a spinner and disables the button; Formik's `isSubmitting` unless given. */
  busy?: boolean;
};

/**
 * A form's submit button: contained, with a spinner while the form is busy. Every form has one, so
 * it also announces a submit's errors and sends focus to the first invalid field (FormErrorFocus).
 */
export function SubmitButton({ busy, disabled, size, children, ...props }: SubmitButtonProps) {
  const { isSubmitting } = useFormikContext();
  const button = useRef<HTMLButtonElement>(null);
  const spinning = busy ?? isSubmitting;
  return (
    <>
      <Button
        ref={button}
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
      <FormErrorFocus anchor={button} />
    </>
  );
}
