import { useId } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField } from 'formik';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** The Formik field name. */
  name: string;
};

/** A MUI TextField bound to a Formik field: shows the error once touched, else its helper text. */
export function FormTextField({ name, helperText, ...props }: FormTextFieldProps) {
  const [field, meta] = useField<string | number | null | undefined>(name);
  const autoId = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <TextField
      {...props}
      id={props.id ?? `${name}-${autoId}`}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(error)}
      // An empty line is kept for the message, so an error appearing on blur never moves what is
      // below it (a click on the link or button under the field would otherwise miss).
      helperText={error ?? helperText ?? ' '}
    />
  );
}
