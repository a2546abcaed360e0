import type { PlainGroup } from '../../../shared/resources/fields';

/**
 * The form's half of the plain field groups (src/shared/resources/fields.ts `PlainGroup`): a form
 * value is a string ('' for none); the body trims a text and sends an empty one as null, sends a
 * required day as it is and an optional one's '' as null.
 */
type Named = Pick<PlainGroup, 'name' | 'form'>;

/** The form values of plain groups: strings, '' for none. */
export type PlainValues<G extends readonly Named[]> = Record<G[number]['name'], string>;

/** What a request sends of them: a required day as a string, anything else a string or null. */
export type PlainBody<G extends readonly Named[]> = {
  [P in G[number] as P['name']]: P['form'] extends 'day' ? string : string | null;
};

/** The values a form starts with: the item's, '' for none (and on add). */
export const plainValues = <const G extends readonly Named[]>(groups: G, item?: object): PlainValues<G> =>
  Object.fromEntries(
    groups.map(({ name }) => [name, (item as Record<string, string | null> | undefined)?.[name] ?? '']),
  ) as PlainValues<G>;

/** What a request sends of them. */
export const plainBody = <const G extends readonly Named[]>(groups: G, values: object): PlainBody<G> =>
  Object.fromEntries(
    groups.map(({ name, form }) => {
      const value = String((values as Record<string, unknown>)[name] ?? '');
      return [name, form === 'day' ? value : form === 'optionalDay' ? value || null : value.trim() || null];
    }),
  ) as PlainBody<G>;
