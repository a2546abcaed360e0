import { yupToFormErrors, type FormikErrors } from 'formik';
import type { AnyObjectSchema, ValidationError } from 'yup';

/** A schema, or a function loading it on first use (a screen that must not carry Yup in its first load). */
export type SchemaSource = AnyObjectSchema | (() => Promise<AnyObjectSchema>);

// Yup's own `ValidationError.isError` test, without importing Yup where the schema is loaded lazily.
const isValidationError = (error: unknown): error is ValidationError =>
  error instanceof Error && error.name === 'ValidationError';

/**
 * Formik's `validate` for a shared Yup schema, checking the values as typed. (Formik's own
 * `validationSchema` first turns '' into undefined, which a `.nullable().defined()` field such as
 * the profile's phone number then rejects.) First message per field, like the server's 422.
 * `context` is what the schema's tests read beside the values (whose password it is, say).
 */
export function validateWith<Values>(source: SchemaSource, context?: object) {
  return async (values: Values): Promise<FormikErrors<Values>> => {
    const schema = typeof source === 'function' ? await source() : source;
    try {
      await schema.validate(values, { abortEarly: false, context });
      return {};
    } catch (error) {
      if (isValidationError(error)) return yupToFormErrors<Values>(error);
      throw error;
    }
  };
}
