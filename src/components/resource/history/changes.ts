import { diffWords } from 'diff';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { DATE_FORMATS } from '../../../shared/formats';
import { en, LABELS } from '../../../shared/messages';
import { historyText } from '../../../shared/messages/historyScreens';
import type { ResourceContract } from '../../../shared/resources/resource';

// Only this chunk (history and deleted records) extends dayjs with relative times.
dayjs.extend(relativeTime);

/** '3 hours ago' beside '24 Nov 2026 10:42' (DATE_FORMATS.dateTime). */
export const formatWhen = (value: string, now: number = Date.now()) => ({
  relative: dayjs(value).from(now),
  absolute: dayjs(value).format(DATE_FORMATS.dateTime),
});

const camel = (field: string) => field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const humanise = (field: string) => {
  const words = field.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A field's label as the form shows it: the contract's spreadsheet column, else the product's
 * label of that name (`meta_title` → LABELS.metaTitle, `brand_id` → LABELS.brand), else the name in
 * words.
 */
export function fieldLabel(contract: Pick<ResourceContract, 'sheet'>, field: string): string {
  const column = contract.sheet?.find((entry) => entry.key === field);
  if (column) return column.label;
  const labels = LABELS as Record<string, string>;
  return labels[camel(field)] ?? labels[camel(field.replace(/_ids?$/, ''))] ?? humanise(field);
}

const HTML = /<\/?[a-z][^>]*>/i;

/** The text a reader sees of rich text: the HTML parsed inertly (never inserted), its words. */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll('script, style, template').forEach((node) => node.remove());
  // Block ends become line breaks, so paragraphs do not run together.
  doc.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, br, tr').forEach((node) => {
    node.append(doc.createTextNode('\n'));
  });
  return (doc.body.textContent ?? '')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

const isRef = (value: unknown): value is { name: unknown } =>
  typeof value === 'object' && value !== null && 'name' in value;

/** A value of a revision as one line of text; empty values are ''. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? historyText.yes : historyText.no;
  if (field === 'status' && (value === 0 || value === 1)) return value === 1 ? en.active : en.notActive;
  if (typeof value === 'string') return HTML.test(value) ? textOfHtml(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((entry) => valueText(field, entry)).join(', ');
  if (isRef(value)) return String(value.name);
  return JSON.stringify(value);
}

/** A text long enough to be read as a word-level difference rather than before/after. */
const LONG = 60;

export interface WordPart {
  text: string;
  added?: boolean;
  removed?: boolean;
}

export type FieldDifference =
  | { kind: 'values'; field: string; label: string; before: string; after: string }
  | { kind: 'words'; field: string; label: string; parts: WordPart[] };

/** How one changed field is shown: long texts and rich text word by word (jsdiff), others as two values. */
export function fieldDifference(
  contract: Pick<ResourceContract, 'sheet'>,
  field: string,
  change: { old: unknown; new: unknown },
): FieldDifference {
  const label = fieldLabel(contract, field);
  const before = valueText(field, change.old);
  const after = valueText(field, change.new);
  const rich = [change.old, change.new].some((value) => typeof value === 'string' && HTML.test(value));
  const long = Math.max(before.length, after.length) > LONG || /\n/.test(before + after);
  if ((rich || long) && before && after) {
    const parts = diffWords(before, after).map(({ value, added, removed }) => ({
      text: value,
      added,
      removed,
    }));
    return { kind: 'words', field, label, parts };
  }
  return { kind: 'values', field, label, before, after };
}
