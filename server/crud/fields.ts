import { and, eq, getTableColumns, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { UploadKind } from '../../src/shared/limits';
import { LABELS, format, validation } from '../../src/shared/messages';
import { REFUSAL_MESSAGES } from '../../src/shared/messages/refusals';
import { CATALOGUE_MESSAGES } from '../../src/shared/messages/catalogue';
import { IMPORT_MESSAGES } from '../../src/shared/messages/imports';
import { IMPORT_STATUS, statusLabel } from '../../src/shared/resources/catalog';
import type { Status } from '../../src/shared/contracts/account';
import type { Executor } from '../db/client';
import { fieldError } from '../lib/httpError';
import { sanitizeRichText } from '../lib/sanitizeHtml';
import { makeSlug } from '../lib/slug';
import { isoCellSql, statusCellSql, textCellSql } from './sheetSql';
import { freeSlug, idExists, nameTaken, slugTaken } from '../repositories/catalog';
import { checkFile, setFileAlt } from '../repositories/files';
import {
  PUBLISH_STATE_LABELS,
  publishState,
  type Publishable,
  type PublishState,
} from '../../src/shared/resources/publishing';
import { dayIn } from '../../src/shared/zonedDays';
import { companyZone, today } from '../lib/clock';
import type { TObject, TProperties, Static } from '@sinclair/typebox';
import type { Merged, PlainGroup } from '../../src/shared/resources/fields';
import type { Assignment, Cell, FieldWriter } from './define';

/**
 * The field writers a declaration's `write` map is made of, and the writers and spreadsheet cells
 * of the field groups (src/shared/resources/fields.ts). A writer names the columns it sets, so the
 * compiler checks each value against its column's type.
 */

/** What a column accepts: its data type, and null unless it is NOT NULL. */
type ColumnValue<C extends PgColumn> = C['_']['notNull'] extends true
  ? C['_']['data']
  : C['_']['data'] | null;

/** One column, set from the value as validated. */
export const set = <C extends PgColumn>(col: C, value: ColumnValue<C>): Assignment => [col, value];

/** The value stored as it is, in one column. */
export const column =
  <C extends PgColumn>(col: C): FieldWriter<ColumnValue<C>> =>
  (value) => [set(col, value)];

/** Rich text (HTML from the editor), sanitised on every write (create, update, import). */
export const richText =
  <C extends PgColumn>(col: C): FieldWriter<string | null> =>
  (value) => [[col, sanitizeRichText(value)]];

/** An upload id of the right kind (an image field takes no PDF), or null; anything else is a 422. */
export const file =
  (col: PgColumn, kind: UploadKind, label: string): FieldWriter<number | null> =>
  async (value, ctx) => [[col, await checkFile(ctx.tx, ctx.field, label, value, kind)]];

/**
 * A picture's alt text (`image_alt` beside `image`), stored on the picture's file row. Required
 * whenever the picture is set (the contract's Yup schema refuses it first; this is the last guard):
 * 422 '{Alt text} is required' on the alt field.
 */
export const alt =
  (picture: string): FieldWriter<string | null | undefined> =>
  async (value, ctx) => {
    const id = (ctx.input as Record<string, unknown>)[picture];
    if (typeof id !== 'number') return [];
    if (!value) throw fieldError(ctx.field, validation.required(LABELS.altText));
    await setFileAlt(ctx.tx, id, value);
    return [];
  };

/** The alt texts of the named pictures (`altGroup`), each beside its picture. */
export const altWrite = <Name extends string>(...pictures: Name[]) =>
  Object.fromEntries(pictures.map((name) => [`${name}_alt`, alt(name)])) as Record<
    `${Name}_alt`,
    FieldWriter<string | null | undefined>
  >;

/** The id of a row of `target` (a brand, a role), or null; an unknown one is a 422 '{label} is invalid'. */
export const reference =
  (col: PgColumn, target: PgTable & { id: PgColumn }, label: string): FieldWriter<number | null> =>
  async (value, ctx) => {
    if (value !== null && !(await idExists(ctx.tx, target, value)))
      throw fieldError(ctx.field, validation.invalid(label));
    return [[col, value]];
  };

/**
 * A name unique whatever its case (a brand, a category, a role): one that another row has already,
 * as typed or in another case, is a 422 '{label} has already been taken' on the field.
 */
export const uniqueName =
  <C extends PgColumn>(col: C, label: string): FieldWriter<string> =>
  async (value, ctx) => {
    if (await nameTaken(ctx.tx, col, value, ctx.id))
      throw fieldError(ctx.field, format(REFUSAL_MESSAGES.taken, { item: label }));
    return [[col, value]];
  };

/** Validated only, never stored (a password's confirmation). */
export const validatedOnly: FieldWriter<unknown> = () => [];

/**
 * The slug to store. A given one must be free (422 on the field); an empty one is made from the
 * input's `from` field (the name or title), with `-2`, `-3`, ... when another row has it already.
 */
export async function resolveSlug(
  db: Executor,
  col: PgColumn,
  given: string | null | undefined,
  source: { label: string; text: string },
  field: string,
  exceptId?: number,
): Promise<string> {
  if (given) {
    if (await slugTaken(db, col, given, exceptId))
      throw fieldError(field, format(REFUSAL_MESSAGES.taken, { item: LABELS.slug }));
    return given;
  }
  const base = makeSlug(source.text);
  if (!base) throw fieldError(field, slugFromSourceMessage(source.label));
  return freeSlug(db, col, base, exceptId);
}

export const slugFromSourceMessage = (sourceLabel: string): string =>
  format(CATALOGUE_MESSAGES.slugFromName, { item: LABELS.slug, source: sourceLabel.toLowerCase() });

/** A slug made from the input's `from` field when left empty; unique in its column. */
export const slug =
  <Input extends Record<From, string>, From extends string>(
    col: PgColumn,
    from: From,
    fromLabel: string,
  ): FieldWriter<string | null | undefined, Input> =>
  async (value, ctx) => [
    [
      col,
      await resolveSlug(ctx.tx, col, value, { label: fromLabel, text: ctx.input[from] }, ctx.field, ctx.id),
    ],
  ];

// The field groups' writers and cells.

export const statusWrite = (table: { status: PgColumn }) => ({ status: column(table.status) });

export const seoWrite = (table: {
  meta_title: PgColumn;
  meta_description: PgColumn;
  meta_keyword: PgColumn;
}) => ({
  meta_title: column(table.meta_title),
  meta_description: column(table.meta_description),
  meta_keyword: column(table.meta_keyword),
});

export const imageWrite = (table: { image_id: PgColumn; mobile_image_id: PgColumn }) => ({
  image: file(table.image_id, 'image', LABELS.image),
  mobile_image: file(table.mobile_image_id, 'image', LABELS.mobileImage),
});

/** The slug made from the name (`from` 'name') or the title. */
export const slugWrite = <From extends string>(table: { slug: PgColumn }, from: From, fromLabel: string) => ({
  slug: slug<Record<From, string>, From>(table.slug, from, fromLabel),
});

export const statusCells = (item: { status: Status }) => ({ status: statusLabel(item.status) });

export const seoCells = (item: {
  meta_title: string | null;
  meta_description: string | null;
  meta_keyword: string | null;
}) => ({
  meta_title: item.meta_title,
  meta_description: item.meta_description,
  meta_keyword: item.meta_keyword,
});

export const auditCells = (item: { created_at: string }): { created_at: Cell } => ({
  created_at: item.created_at,
});

/** `statusCells`, `seoCells` and `auditCells` as SQL over a table's columns (`cellsSql`). */
export const statusCellsSql = (table: { status: PgColumn }) => ({ status: statusCellSql(table.status) });

export const seoCellsSql = (table: {
  meta_title: PgColumn;
  meta_description: PgColumn;
  meta_keyword: PgColumn;
}) => ({
  meta_title: textCellSql(table.meta_title),
  meta_description: textCellSql(table.meta_description),
  meta_keyword: textCellSql(table.meta_keyword),
});

export const auditCellsSql = (table: { created_at: PgColumn }) => ({
  created_at: isoCellSql(table.created_at),
});

/**
 * An imported cell naming a record (a brand, a role) that matches none: the value found and where
 * the accepted names are (`where`, the list's route), not a bare "Brand is invalid" (issue #41).
 */
export const importNoMatch = (label: string, value: string, where: string, { byName = false } = {}): string =>
  format(byName ? IMPORT_MESSAGES.importNoMatchByName : IMPORT_MESSAGES.importNoMatch, {
    item: label,
    value,
    kind: label.toLowerCase(),
    where,
  });

/**
 * The import's check of a name unique whatever its case (`uniqueName`): the names stored, by
 * id, loaded once per import, and each row's name claimed in file order, so a clash with a stored
 * record or with an earlier row is the row's error (the value and what it clashes with), not the
 * unique index's refusal of the whole batch. A renamed record frees its old name for later rows.
 */
export async function importNameClaims(
  tx: Executor,
  col: PgColumn,
  label: string,
  kind: string,
): Promise<(name: string, existingId: number | null, key: string) => string | null> {
  const id = getTableColumns(col.table).id;
  const stored = await tx.select({ id, name: col }).from(col.table);
  const owners = new Map<string, string>();
  const nameOf = new Map<number, string>();
  for (const row of stored) {
    const lower = String(row.name).toLowerCase();
    owners.set(lower, `id:${row.id}`);
    nameOf.set(Number(row.id), lower);
  }
  return (name, existingId, key) => {
    const lower = name.trim().toLowerCase();
    const owner = existingId === null ? `key:${key}` : `id:${existingId}`;
    const current = owners.get(lower);
    if (current !== undefined && current !== owner)
      return format(IMPORT_MESSAGES.importNameTaken, { item: label, value: name, kind });
    if (existingId !== null) {
      const before = nameOf.get(existingId);
      if (before !== undefined && before !== lower && owners.get(before) === owner) owners.delete(before);
      nameOf.set(existingId, lower);
    }
    owners.set(lower, owner);
    return null;
  };
}

/** The status of an imported row: the exported words or the numbers (already validated). */
export const importedStatus = (text: string): Status => IMPORT_STATUS[text.toLowerCase()];

/** Starts the key of a row whose name makes no slug: '!' is never in a slug, so it matches no stored row. */
const NO_SLUG = '!';

/**
 * An imported row's natural key: its slug, or the one its title or name makes. A row that makes
 * none gets a key no slug can equal, and `importSlugErrors` reports the row.
 */
export const importKey = (slugText: string | null | undefined, source: string): string =>
  slugText || makeSlug(source) || `${NO_SLUG}${source}`;

export const importSlugErrors = (key: string, sourceLabel: string): string[] =>
  key.startsWith(NO_SLUG) ? [slugFromSourceMessage(sourceLabel)] : [];

/**
 * An imported row of a kind whose slug is made from its title (news, promotions, product
 * articles): the row's error when neither its slug nor its title makes one, else its values.
 */
export const titledSlugRow = <V>(
  row: { slug?: string | null; title: string },
  values: (slug: string) => V,
): { errors: string[] } | { values: V } => {
  const slug = importKey(row.slug, row.title);
  const errors = importSlugErrors(slug, LABELS.title);
  return errors.length ? { errors } : { values: values(slug) };
};

/** One more picture (a banner), an upload id of kind image. */
export const pictureWrite = <Name extends string>(name: Name, col: PgColumn, label: string) =>
  ({ [name]: file(col, 'image', label) }) as Record<Name, FieldWriter<number | null>>;

type PublishTable = { status: PgColumn; date: PgColumn; end_date?: PgColumn };

/**
 * The rule of src/shared/resources/publishing.ts in SQL, one condition per state, against `day`
 * (`YYYY-MM-DD`): draft is Not Active; scheduled is Active dated after the day; ended is Active
 * with an end before the day; live is the rest of Active.
 */
function publishConditions(table: PublishTable, day: string): Record<PublishState, SQL | undefined> {
  const active = eq(table.status, 1);
  const notEnded = table.end_date ? or(isNull(table.end_date), gte(table.end_date, day)) : undefined;
  return {
    // Not Active as two ranges, which the (status, date) index answers (`<>` no index can).
    draft: or(lt(table.status, 1), gt(table.status, 1)),
    scheduled: and(active, gt(table.date, day)),
    ended: table.end_date ? and(active, lte(table.date, day), lt(table.end_date, day)) : sql`false`,
    live: and(active, lte(table.date, day), notEnded),
  };
}

/**
 * The publish state filter (`publish_states=scheduled,live`): `publishConditions` against the
 * server's `today()` (an injectable clock).
 */
export const publishFilter =
  (table: PublishTable) =>
  (values: readonly PublishState[]): SQL | undefined => {
    const conditions = publishConditions(table, today());
    return or(...values.map((value) => conditions[value]));
  };

/**
 * The public API's `published(now)` of a content kind: the same rule's `live` state (Active, dated
 * today or before, not ended), on the day of the app's clock in the company's time zone.
 */
export const livePublished =
  (table: PublishTable) =>
  (now: Date, zone: string = companyZone()): SQL | undefined =>
    publishConditions(table, dayIn(now.getTime(), zone)).live;

/** The computed publish state of a row, against the server's `today()`. */
export const publishStateOf = (row: Publishable): PublishState => publishState(row, today());

export const publishCells = (item: { publish_state: PublishState }) => ({
  publish_state: PUBLISH_STATE_LABELS[item.publish_state],
});

/** The item fields of plain groups as the API answers them (their wire properties' types). */
export type PlainItem<G extends readonly PlainGroup[]> = Static<
  TObject<Extract<Merged<G[number]['wire']>, TProperties>>
>;

/**
 * The server's half of the plain field groups (src/shared/resources/fields.ts `PlainGroup`): each is
 * its own column of the same name, selected and answered as stored, written as given (rich text
 * sanitised), exported as its value, imported as its cell (rich text sanitised).
 */
export function plainServer<const G extends readonly PlainGroup[]>(table: object, groups: G) {
  type Name = G[number]['name'];
  const col = (name: string) => (table as Record<string, PgColumn>)[name];
  const each = <V>(value: (group: PlainGroup) => V) =>
    Object.fromEntries(groups.map((group) => [group.name, value(group)])) as Record<Name, V>;
  const pick = (from: object) => each((group) => (from as Record<string, unknown>)[group.name]);
  return {
    select: each((group) => col(group.name)) as Record<string, PgColumn>,
    read: (row: object) => pick(row) as unknown as PlainItem<G>,
    write: each((group): FieldWriter<string | null> =>
      group.rich ? richText(col(group.name)) : column(col(group.name)),
    ),
    cells: (item: object) => pick(item) as Record<Name, Cell>,
    imported: (row: object) =>
      each((group) => {
        const value = (row as Record<string, string | null>)[group.name];
        return group.rich ? sanitizeRichText(value) : value;
      }),
  };
}
