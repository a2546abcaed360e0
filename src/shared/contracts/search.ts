import { Type, type Static } from '@sinclair/typebox';

/**
 * Search everything (`GET /api/search?q=`, Ctrl/Cmd-K from every screen, issue 39): the records of
 * every resource the caller may read whose list search matches the text, grouped by resource.
 */
export const SEARCH_LIMITS = {
  /** The shortest text searched: the lists' trigram indexes serve three characters or more. */
  minLength: 3,
  maxLength: 100,
  /** Records answered per resource (the group says when there are more). */
  perGroup: 5,
  /** Recent records kept in this browser for the signed-in user. */
  recent: 8,
} as const;

export const searchHitWire = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: "The record's title field (a name, a title, a subject, an e-mail)" }),
});

export const searchGroupWire = Type.Object({
  key: Type.String({ description: 'The resource (`brands`, `products`, …)' }),
  item: Type.String({ description: 'What one record is called (`Brand`)' }),
  route: Type.String({ description: "The SPA's list route; a record opens at `{route}/{id}`" }),
  results: Type.Array(searchHitWire, { maxItems: SEARCH_LIMITS.perGroup }),
  more: Type.Boolean({ description: 'More records match than are answered: the list finds them all' }),
});

export const searchAnswerWire = Type.Object({ data: Type.Array(searchGroupWire) });

export type SearchHit = Static<typeof searchHitWire>;
export type SearchGroup = Static<typeof searchGroupWire>;
export type SearchAnswer = Static<typeof searchAnswerWire>;
