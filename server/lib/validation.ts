import { ValidationError, type Schema } from 'yup';
import { en } from '../../src/shared/messages';

/**
 * Validates a body with a shared contract schema; a failure throws Yup's ValidationError, which the
 * error handler answers as 422 with every field's messages.
 */
export const parseBody = <T>(schema: Schema<T>, body: unknown): Promise<T> => {
  // A text or form body, or a JSON array, is no object of fields: say so instead of Yup's type message.
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
    return Promise.reject(new ValidationError(en.bodyNotObject, body, 'body'));
  return schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
};
