import slugify from 'slugify';
import { SLUG_MAX, SLUG_PATTERN } from '../../src/shared/resources/catalog';

/** Room left at the end of a made slug for a `-2`, `-3`, ... that keeps it unique. */
const SUFFIX_ROOM = 12;

/**
 * A slug made from a name: transliterated ('Café' → 'cafe'), lower-case, a-z and 0-9 words joined by
 * single dashes (the contract's pattern). Empty when nothing of the name survives (e.g. only symbols
 * or a script slugify cannot transliterate); the caller asks for a slug then.
 */
export function makeSlug(name: string): string {
  const slug = slugify(name.replace(/[_/\\.]+/g, ' '), { lower: true, strict: true, trim: true })
    .replace(/-+/g, '-')
    .slice(0, SLUG_MAX - SUFFIX_ROOM)
    .replace(/^-+|-+$/g, '');
  return SLUG_PATTERN.test(slug) ? slug : '';
}

/** The first of `base`, `base-2`, `base-3`, ... not in `taken`. */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
