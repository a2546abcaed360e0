/** An error the error handler turns into `{message}` (and `errors` for 422) with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Headers the answer carries (`Retry-After` of a 429). */
    readonly headers?: Record<string, string>,
    /** A machine-readable reason beside the message (`mfa_enrolment_required`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const fieldError = (field: string, message: string): HttpError =>
  new HttpError(422, message, { [field]: [message] });
