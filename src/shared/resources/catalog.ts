import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import type { FileObject, Status } from '../contracts/account';
import { MAX_ID } from '../limits';
import { LABELS, en, format, validation } from '../messages';
import { CATALOGUE_MESSAGES } from '../messages/catalogue';
import { IMPORT_MESSAGES } from '../messages/imports';

/**
 * Field rules the catalogue resources (brands, categories, products) share, written once. A slug is
 * lower-case a-z and 0-9 words joined by single dashes; left empty, the server makes it from the name.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 255;
export const DESCRIPTION_MAX = 5000;
/** Rich text (HTML from the editor) is sanitised by the server; this bounds what it accepts. */
export const RICH_TEXT_MAX = 100_000;
export const META_DESCRIPTION_MAX = 1000;

export type { FileObject, Status };

/** An optional slug: empty means "make it from the name". */
export const slugField = () =>
  yup
    .string()
    .trim()
    .default('')
    .max(SLUG_MAX, validation.max(LABELS.slug, SLUG_MAX))
    .matches(SLUG_PATTERN, {
      message: format(CATALOGUE_MESSAGES.slugFormat, { item: LABELS.slug }),
      excludeEmptyString: true,
    });

/** Optional plain text; empty reads as null. */
export const optionalText = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .max(max, validation.max(label, max))
    .transform((value: string | null) => (value === '' ? null : value));

/** Optional rich text (HTML); the server sanitises it before storing. */
export const richText = (label: string) => optionalText(label, RICH_TEXT_MAX);

/** An optional reference by id (a file, a brand): null clears it; '' from a form reads as null. */
export const optionalId = (label: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? null : value))
    .typeError(validation.invalid(label))
    .integer(validation.invalid(label))
    .positive(validation.invalid(label))
    .max(MAX_ID, validation.invalid(label))
    .nullable()
    .default(null);

/** A required reference by id (`category_id`). */
export const requiredId = (label: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === '' || original === null ? undefined : value,
    )
    .typeError(validation.invalid(label))
    .integer(validation.invalid(label))
    .positive(validation.invalid(label))
    .max(MAX_ID, validation.invalid(label))
    .required(validation.required(label));

export const statusField = () =>
  yup
    .number<Status>()
    .typeError(validation.required(LABELS.status))
    .oneOf([0, 1] as const, validation.invalid(LABELS.status))
    .required(validation.required(LABELS.status));

/** The status cell of an imported row: the exported words or the numbers. */
export const IMPORT_STATUS: Record<string, Status> = { active: 1, '1': 1, 'not active': 0, '0': 0 };

/** What a status cell accepts, as the import's message lists it. */
const IMPORT_STATUS_WORDS = [en.active, en.notActive, '1', '0'].join(', ');

export const importStatusField = () =>
  yup
    .string()
    .trim()
    .required(validation.required(LABELS.status))
    .test(
      'status',
      // The cell as found and what is accepted (issue #41), not a bare "Status is invalid".
      ({ value }: { value?: unknown }) =>
        format(IMPORT_MESSAGES.importNotOneOf, {
          item: LABELS.status,
          value: String(value ?? ''),
          allowed: IMPORT_STATUS_WORDS,
        }),
      (value) => Object.hasOwn(IMPORT_STATUS, value.toLowerCase()),
    );

export const statusLabel = (status: Status): string => (status === 1 ? en.active : en.notActive);
