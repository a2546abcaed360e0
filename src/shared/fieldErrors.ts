/**
 * Field errors of a 422 answer's body (`{message, errors: {field: [messages]}}`), first message per
 * field: the forms show one message per field (Formik's `setErrors`, a flow's context).
 */
export function fieldErrors(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
      field,
      String(Array.isArray(messages) ? messages[0] : messages),
    ]),
  );
}
