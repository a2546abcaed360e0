import { setIn, type FormikHelpers } from 'formik';
import { isApiError } from '../../../store/errorDisplay';
import { fieldErrors } from '../../shared/fieldErrors';

export { isApiError, type ApiErrorLike } from '../../../store/errorDisplay';

/**
 * Puts a 422's field errors on the form (the base query has already toasted every message).
 * Returns whether there were any.
 */
export function applyServerErrors<Values>(
  error: unknown,
  setErrors: FormikHelpers<Values>['setErrors'],
): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  const errors = fieldErrors(error.data);
  if (Object.keys(errors).length === 0) return false;
  // A nested field's error (`sections.why_us.items[0].title`) goes where Formik's getIn finds it.
  const nested = Object.entries(errors).reduce<object>(
    (all, [field, message]) => setIn(all, field, message),
    {},
  );
  setErrors(nested as Parameters<typeof setErrors>[0]);
  return true;
}
