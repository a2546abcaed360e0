import { useId } from 'react';
import { useField, type FieldInputProps } from 'formik';

export interface FormFieldState {
  field: FieldInputProps<string | number | null | undefined>;
  /** The input's id: the caller's, else one made from the name. */
  id: string;
  /** The validation message, once the field was touched. */
  error: string | undefined;
  /**
   * What the line under the field says: the error, else the helper text, else a blank. The blank
   * keeps the line, so an error appearing on blur never moves what is below it (a click on the link
   * or button under the field would otherwise miss).
   */
  helperText: string;
}

/** The Formik state every bound field shows the same way: value, id, and error or helper text. */
export function useFormField(name: string, id?: string, helperText?: string): FormFieldState {
  const [field, meta] = useField<string | number | null | undefined>(name);
  const autoId = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  return { field, id: id ?? `${name}-${autoId}`, error, helperText: error ?? helperText ?? ' ' };
}
