import { TextInput, type TextInputProps } from './TextInput';
import { useFormField } from './useFormField';

export type FormTextFieldProps = Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** The Formik field name. */
  name: string;
};

/** A text input bound to a Formik field: shows the error once touched, else its helper text. */
export function FormTextField({ name, id: givenId, helperText: help, ...props }: FormTextFieldProps) {
  const { field, id, error, helperText } = useFormField(name, givenId, help);
  return (
    <TextInput
      {...props}
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
