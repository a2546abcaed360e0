import { desc, inArray, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Content } from '../../src/shared/resources/content';
import { LABELS } from '../../src/shared/messages';
import type { ItemOf, ResourceContract, SheetKeyOf, SortOf } from '../../src/shared/resources/resource';
import type { Executor } from '../db/client';
import type { news } from '../db/schema/news';
import type { productArticles } from '../db/schema/productArticles';
import type { promotions } from '../db/schema/promotions';
import type { Cell, FieldWriter, FilterMapImpl, ResourceImport, WriteInput, WriteMap } from '../crud/define';
import type { PublicRead } from '../crud/publicRead';
import type { Tx } from '../db/client';
import {
  altWrite,
  auditCells,
  column,
  file,
  importedStatus,
  importKey,
  livePublished,
  plainServer,
  publishCells,
  publishFilter,
  publishStateOf,
  seoCells,
  seoWrite,
  slugWrite,
  statusCells,
  statusWrite,
  titledSlugRow,
} from '../crud/fields';
import { auditOf, auditSelect, type AuditRow } from '../repositories/audit';
import { filesByIds } from '../repositories/files';

/**
 * The server half news, promotions and product articles share (src/shared/resources/content.ts):
 * their select, items, search, sorts, filters, writers, spreadsheet cells and import, made from the
 * kind's body (plain fields) and pictures. What a kind relates to beyond its row (a product
 * article's products) comes in as `related`; each declaration adds its website read
 * (`contentPublicRead`).
 */

type ContentTable = typeof news | typeof promotions | typeof productArticles;

/** A row of a content select: its own columns by name (`date`, `end_date`, the body, `<picture>_id`). */
type ContentRow = AuditRow & {
  id: number;
  status: 0 | 1;
  date: string;
  end_date?: string | null;
} & Record<string, unknown>;

/** What a kind relates to, on the server: loaded for a page of rows, written after the row. */
export interface ContentServerRelated<C extends ResourceContract> {
  /** A page of rows → each row's related fields, in one query. */
  items: (db: Executor, ids: number[]) => Promise<(id: number) => Record<string, unknown>>;
  /** The related fields' writers (validated only: `afterWrite` stores them). */
  write: Record<string, FieldWriter<never>>;
  filters: Record<string, (value: never) => SQLWrapper | undefined>;
  afterWrite: (tx: Tx, id: number, input: WriteInput<C>) => Promise<void>;
}

export function contentServer<C extends ResourceContract, T extends ContentTable>(
  contract: C,
  content: Content,
  table: T,
  related?: ContentServerRelated<C>,
) {
  const plain = plainServer(table, content.body);
  const columns = table as unknown as Record<string, PgColumn>;
  const pictures = content.pictures.flatMap((set) => set.pictures);
  const idOf = (name: string) => `${name}_id`;

  /** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
  const select = (db: Executor) =>
    db
      .select({
        id: table.id,
        title: table.title,
        slug: table.slug,
        ...plain.select,
        ...Object.fromEntries(pictures.map(({ name }) => [idOf(name), columns[idOf(name)]])),
        status: table.status,
        meta_title: table.meta_title,
        meta_description: table.meta_description,
        meta_keyword: table.meta_keyword,
        ...auditSelect(table),
      })
      .from(table as unknown as typeof news)
      .$dynamic();

  /** A page of rows → the contract's items: the files, the related and the audit read for the page at once. */
  async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ItemOf<C>[]> {
    const page = rows as unknown as ContentRow[];
    const stored = await filesByIds(
      db,
      page.flatMap((row) => pictures.map(({ name }) => row[idOf(name)] as number | null)),
    );
    const fileOf = (id: unknown) => (typeof id === 'number' ? (stored.get(id) ?? null) : null);
    const relatedOf = await related?.items(
      db,
      page.map((row) => row.id),
    );
    const audit = await auditOf(db, page);
    return page.map(
      (row) =>
        ({
          id: row.id,
          title: row.title,
          slug: row.slug,
          ...plain.read(row),
          ...Object.fromEntries(pictures.map(({ name }) => [name, fileOf(row[idOf(name)])])),
          ...relatedOf?.(row.id),
          status: row.status,
          publish_state: publishStateOf(row),
          meta_title: row.meta_title,
          meta_description: row.meta_description,
          meta_keyword: row.meta_keyword,
          ...audit(row),
        }) as ItemOf<C>,
    );
  }

  const days = content.body.filter((group) => group.form !== 'text').map((group) => group.name);
  const sort = {
    title: table.title,
    ...Object.fromEntries(days.map((name) => [name, columns[name]])),
    status: table.status,
    created_at: table.created_at,
    updated_at: table.updated_at,
  } as unknown as { [K in SortOf<C>]-?: SQLWrapper };

  const filters = {
    status: (values: (0 | 1)[]) => inArray(table.status, values),
    publish_states: publishFilter(table),
    ...related?.filters,
  } as unknown as FilterMapImpl<C['filters']>;

  const write = {
    title: column(table.title),
    ...slugWrite(table, 'title', LABELS.title),
    ...plain.write,
    ...Object.fromEntries(
      pictures.map(({ name, label }) => [name, file(columns[idOf(name)], 'image', label)]),
    ),
    ...altWrite(...pictures.map(({ name }) => name)),
    ...related?.write,
    ...statusWrite(table),
    ...seoWrite(table),
  } as unknown as WriteMap<C>;

  const cells = (item: ItemOf<C>) =>
    ({
      title: item.title,
      slug: item.slug,
      ...plain.cells(item),
      ...statusCells(item as { status: 0 | 1 }),
      ...publishCells(item as Parameters<typeof publishCells>[0]),
      ...seoCells(item as Parameters<typeof seoCells>[0]),
      ...auditCells(item as { created_at: string }),
    }) as { [K in SheetKeyOf<C>]: Cell };

  type Row = { title: string; slug?: string | null; status: string } & Record<string, unknown>;
  const importing: ResourceImport<T, Row> = {
    schema: content.importRow as unknown as ResourceImport<T, Row>['schema'],
    key: table.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      // Files and related records are not in the sheet: an update by import leaves them as they are.
      row: (row) =>
        titledSlugRow(
          row,
          (slug) =>
            ({
              title: row.title,
              slug,
              ...plain.imported(row),
              status: importedStatus(row.status),
              meta_title: row.meta_title,
              meta_description: row.meta_description,
              meta_keyword: row.meta_keyword,
            }) as T['$inferInsert'],
        ),
    }),
  };

  return {
    contract,
    table,
    select,
    toItems,
    search: [table.title, table.slug, table.meta_title],
    sort,
    filters,
    write,
    ...(related && { afterWrite: related.afterWrite }),
    cells,
    import: importing,
  };
}

/**
 * What the website reads of a content kind: its Active and live items only (the admin's
 * `publish_states=live`: not scheduled, not ended), newest first, found by slug. `more` adds what
 * one kind has beyond that (a product article hides its unpublished products).
 */
export const contentPublicRead = (
  table: ContentTable,
  wire: PublicRead['wire'],
  more: Partial<PublicRead> = {},
): PublicRead => ({
  wire,
  published: livePublished(table),
  // The days a go-live (and an end) is scheduled at: the webhooks' published / unpublished jobs.
  dates: { start: table.date, ...('end_date' in table ? { end: table.end_date } : {}) },
  slug: table.slug,
  order: [desc(table.date)],
  ...more,
});
