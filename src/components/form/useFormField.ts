import { useId } from 'react';
import { useField, type FieldInputProps } from 'formik';

/** What a field component passes to its input to show a Formik field. */
export interface BoundFieldProps {
  /** The caller's id, else one made from the name. */
  id: string;
  name: string;
  value: string | number;
  onChange: FieldInputProps<unknown>['onChange'];
  onBlur: FieldInputProps<unknown>['onBlur'];
  /** Whether to show the validation message: once the field was touched. */
  error: boolean;
  /**
   * What the line under the field says: the error, else the helper text, else a blank. The blank
   * keeps the line, so an error appearing on blur never moves what is below it (a click on the link
   * or button under the field would otherwise miss).
   */
  helperText: string;
}

/** The Formik state every bound field shows the same way: value, id, and error or helper text. */
export function useFormField(name: string, id?: string, helperText?: string): BoundFieldProps {
  const [field, meta] = useField<string | number | null | undefined>(name);
  const autoId = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  return {
    id: id ?? `${name}-${autoId}`,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: Boolean(error),
    helperText: error ?? helperText ?? ' ',
  };
}
