import { useEffect } from 'react';
import { useFormikContext } from 'formik';

export interface ServerFieldErrorsProps {
  /** First message per field, e.g. from `fieldErrors(body)` or a flow's context. */
  errors: Record<string, string>;
}

/**
 * For forms whose submit result arrives as state (a flow) rather than from `onSubmit`: puts each new
 * set of server field errors on the enclosing Formik form, marking those fields touched.
 */
export function ServerFieldErrors({ errors }: ServerFieldErrorsProps) {
  const { setErrors, setFieldTouched } = useFormikContext<Record<string, unknown>>();
  useEffect(() => {
    const fields = Object.keys(errors);
    if (fields.length === 0) return;
    for (const field of fields) void setFieldTouched(field, true, false);
    setErrors(errors);
  }, [errors, setErrors, setFieldTouched]);
  return null;
}
