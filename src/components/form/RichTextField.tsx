import { lazy, Suspense, useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import { useField } from 'formik';
import { runtimeEnv } from '../../../store/runtimeEnv';

// The editor wrapper is fetched only when a form shows a rich-text field, so the shell and /login
// never carry it; TinyMCE itself is a script the wrapper loads from /tinymce at run time. Marked pure
// so that screens importing other fields from this folder's index keep not even this line.
const RichTextEditor = /* @__PURE__ */ lazy(() => import('./RichTextEditor'));

export interface RichTextFieldProps {
  /** The Formik field name; its value is an HTML string. */
  name: string;
  label: string;
  /** Height of the editor, toolbar included, in px (default 320). */
  height?: number;
  disabled?: boolean;
  /** Shown under the editor until there is an error to show. */
  helperText?: string;
}

/**
 * TinyMCE's licence: self-hosted TinyMCE 7/8 runs only with `license_key` set. 'gpl' uses it under
 * its GPLv2+ licence; a commercial key (RICH_TEXT_EDITOR_KEY in the runtime object) is used instead
 * when one is configured.
 */
export const richTextLicenseKey = () => runtimeEnv().RICH_TEXT_EDITOR_KEY.trim() || 'gpl';

/** A TinyMCE editor bound to a Formik field: shows the error once touched, else its helper text. */
export function RichTextField({ name, label, height = 320, disabled, helperText }: RichTextFieldProps) {
  const [field, meta, helpers] = useField<string | null | undefined>(name);
  const id = `${name}-${useId()}`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={disabled} data-field={name}>
      <FormLabel htmlFor={id} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
        <RichTextEditor
          id={id}
          label={label}
          value={field.value ?? ''}
          height={height}
          disabled={disabled}
          licenseKey={richTextLicenseKey()}
          onChange={(html) => void helpers.setValue(html)}
          onBlur={() => void helpers.setTouched(true)}
        />
      </Suspense>
      {/* An empty line is kept for the message, as in FormTextField, so nothing below moves. */}
      <FormHelperText>{error ?? helperText ?? ' '}</FormHelperText>
    </FormControl>
  );
}
