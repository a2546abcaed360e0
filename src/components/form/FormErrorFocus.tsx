import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useFormikContext, type FormikErrors } from 'formik';
import { t } from '../../shared/messages';

/** Every message of a Formik errors object, in field order (nested objects and arrays included). */
export function errorList(errors: FormikErrors<unknown> | string | string[] | undefined): string[] {
  if (!errors) return [];
  if (typeof errors === 'string') return [errors];
  return Object.values(errors as Record<string, unknown>).flatMap((value) =>
    errorList(value as FormikErrors<unknown> | string | undefined),
  );
}

/** The first field of the form that shows an error and can take focus. */
function firstInvalidField(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>(
    '[aria-invalid="true"]:not([type="hidden"]), .Mui-error [role="combobox"], .Mui-error input:not([type="hidden"]), .Mui-error textarea',
  );
}

export interface FormErrorFocusProps {
  /** An element inside the form (the submit button), to find the form by. */
  anchor: RefObject<HTMLElement | null>;
}

/**
 * After a submit that left errors (the form's own checks, or a 422 the page put on its fields),
 * says how many fields need attention through a polite live region and moves focus to the first
 * invalid field, whose label and message (its described-by helper text) a screen reader then reads.
 * The messages themselves are not repeated: each shows once, under its field.
 */
export function FormErrorFocus({ anchor }: FormErrorFocusProps) {
  const { submitCount, isSubmitting, errors } = useFormikContext();
  // Written straight into the live region: a screen reader reads each change of its text.
  const region = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);

  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    const messages = errorList(errors);
    if (region.current)
      region.current.textContent = messages.length
        ? t(messages.length === 1 ? 'formHasError' : 'formHasErrors', { count: messages.length })
        : '';
    if (messages.length === 0) return;
    const form = anchor.current?.closest('form');
    if (form) firstInvalidField(form)?.focus();
  }, [submitCount, isSubmitting, errors, anchor]);

  return <Box ref={region} component="span" role="status" aria-live="polite" sx={visuallyHidden} />;
}
