import { yupToFormErrors, type FormikErrors } from 'formik';
import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * Formik's `validate` for a shared Yup schema, checking the values as typed. (Formik's own
 * `validationSchema` first turns '' into undefined, which a `.nullable().defined()` field such as
 * the profile's phone number then rejects.) First message per field, like the server's 422.
 * `context` is what the schema's tests read beside the values (whose password it is, say).
 */
export function validateWith<Values>(schema: AnyObjectSchema, context?: object) {
  return async (values: Values): Promise<FormikErrors<Values>> => {
    try {
      await schema.validate(values, { abortEarly: false, context });
      return {};
    } catch (error) {
      if (ValidationError.isError(error)) return yupToFormErrors<Values>(error);
      throw error;
    }
  };
}
