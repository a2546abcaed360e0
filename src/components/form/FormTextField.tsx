import { TextInput, type TextInputProps } from './TextInput';
import { useFormField } from './useFormField';

export type FormTextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** The Formik field name. */
  name: string;
};

/**
 * A text input bound to a Formik field: shows the error once touched, else its helper text. Like
 * every field bound to Formik, its root carries `data-field` (the field's name), so a test can check
 * that a form has an input for each field its schema writes.
 */
export function FormTextField({ name, id, helperText, ...props }: FormTextFieldProps) {
  const bound = useFormField(name, id, helperText);
  return <TextInput {...props} {...bound} data-field={name} />;
}
