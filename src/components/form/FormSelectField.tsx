import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';
import { useFormField } from './useFormField';

export interface FormSelectFieldProps {
  /** The Formik field name. */
  name: string;
  label: ReactNode;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field until there is an error to show. */
  helperText?: string;
  /** The choices: MUI `MenuItem`s. */
  children: ReactNode;
}

/** A select bound to a Formik field: shows the error once touched, else its helper text. */
export function FormSelectField({
  name,
  label,
  id: givenId,
  helperText: help,
  ...props
}: FormSelectFieldProps) {
  const { field, id, error, helperText } = useFormField(name, givenId, help);
  return (
    <TextField
      {...props}
      select
      label={label}
      id={id}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(error)}
      helperText={helperText}
    />
  );
}
