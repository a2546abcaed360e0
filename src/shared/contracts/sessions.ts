import { Type, type Static } from '@sinclair/typebox';

/**
 * A signed-in session (one sign-in and the tokens refreshed from it) as the sessions page lists
 * it: the browser and system read from its User-Agent, the address it signed in from, when it
 * signed in and was last used (its last token refresh), and whether it is the caller's own.
 */
export const sessionWire = Type.Object({
  id: Type.Integer(),
  browser: Type.String({ description: 'Browser name and version, from the User-Agent ("" when unknown)' }),
  system: Type.String({ description: 'Operating system, from the User-Agent ("" when unknown)' }),
  ip: Type.String(),
  signed_in_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.String({ format: 'date-time', description: 'The sign-in or its last token refresh' }),
  current: Type.Boolean({ description: 'The session this request was made with' }),
});
export type Session = Static<typeof sessionWire>;
