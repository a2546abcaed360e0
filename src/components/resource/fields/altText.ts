import type { FileObject } from '../../../shared/resources/wire';

/** The form values of the pictures' alt texts (`image_alt`, …): strings, '' for none. */
export type AltValues<Name extends string> = Record<`${Name}_alt`, string>;

/** The alt texts a form starts with: those stored on the item's pictures. */
export const altValues = <Name extends string>(
  names: readonly Name[],
  item?: { [K in Name]?: FileObject | null },
): AltValues<Name> =>
  Object.fromEntries(names.map((name) => [`${name}_alt`, item?.[name]?.alt ?? ''])) as AltValues<Name>;

/** The alt texts a request sends: trimmed, null for none. */
export const altBody = <Name extends string>(
  names: readonly Name[],
  values: AltValues<Name>,
): Record<`${Name}_alt`, string | null> =>
  Object.fromEntries(names.map((name) => [`${name}_alt`, values[`${name}_alt`].trim() || null])) as Record<
    `${Name}_alt`,
    string | null
  >;
