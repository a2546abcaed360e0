import type { Schema } from 'yup';

/**
 * Validates a body with a shared contract schema; a failure throws Yup's ValidationError, which the
 * error handler answers as 422 with every field's messages.
 */
export const parseBody = <T>(schema: Schema<T>, body: unknown): Promise<T> =>
  schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
