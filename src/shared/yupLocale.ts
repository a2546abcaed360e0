import { setLocale } from 'yup';
import { en, format } from './messages';

type Params = { label?: string; path?: string; min?: number; max?: number; regex?: RegExp; type?: string };
const label = (p: Params) => p.label ?? p.path ?? '';
const msg = (template: string) => (p: Params) =>
  format(template, {
    label: label(p),
    min: p.min ?? '',
    max: p.max ?? '',
    regex: String(p.regex ?? ''),
    type: p.type ?? '',
  });

/**
 * Yup's default messages become the spec's generic form messages (§5). Called once by each half
 * before any schema validates; the product's own templates are given explicitly in the schemas.
 */
export function installYupLocale(): void {
  setLocale({
    mixed: { required: msg(en.genericRequired), notType: msg(en.genericType), default: msg(en.genericType) },
    string: {
      min: msg(en.genericStringMin),
      max: msg(en.genericStringMax),
      matches: msg(en.genericPattern),
      trim: () => en.genericWhitespace,
      email: msg(en.genericType),
      url: msg(en.genericType),
    },
    number: { min: msg(en.genericNumberMin), max: msg(en.genericNumberMax) },
    array: { min: msg(en.genericArrayMin), max: msg(en.genericArrayMax) },
  });
}

// Installed as this module loads: a schema copies the locale's type message when it is built, so the
// locale must be in place before any shared schema module runs (they import this module first).
installYupLocale();
