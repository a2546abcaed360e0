import type { FormikHelpers } from 'formik';
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
  setErrors(errors as Parameters<typeof setErrors>[0]);
  return true;
}
