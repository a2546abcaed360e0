import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface TextInputProps {
  label: ReactNode;
  name?: string;
  id?: string;
  value: string | number;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  /** Default true, as for every text field of the theme. */
  fullWidth?: boolean;
  /** Default 'small', as for every text field of the theme. */
  size?: 'small' | 'medium';
  multiline?: boolean;
  minRows?: number;
  /** The line under the input; none when undefined. */
  helperText?: string;
  /** At the end of the input (the password field's show/hide button). */
  endAdornment?: ReactNode;
  /** Marks the root with the Formik field it shows (see FormTextField). */
  'data-field'?: string;
}

/**
 * An outlined text input with its label and helper line, built from MUI's parts as TextField is.
 * TextField itself also carries its select mode, which brings the menu, popover and modal code into
 * every screen with a text field, /login included; selects use FormSelectField.
 */
export function TextInput({
  label,
  id: givenId,
  helperText,
  error,
  fullWidth = true,
  size = 'small',
  required,
  disabled,
  readOnly,
  'data-field': dataField,
  ...input
}: TextInputProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const helperId = helperText === undefined ? undefined : `${id}-helper-text`;
  return (
    <FormControl
      fullWidth={fullWidth}
      size={size}
      required={required}
      disabled={disabled}
      error={error}
      data-field={dataField}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} readOnly={readOnly} aria-describedby={helperId} />
      {helperId && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
