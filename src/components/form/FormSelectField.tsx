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
export function FormSelectField({ name, id, helperText, ...props }: FormSelectFieldProps) {
  const bound = useFormField(name, id, helperText);
  return <TextField {...props} select {...bound} data-field={name} />;
}
