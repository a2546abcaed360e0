import { desc, inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  newsImportRowSchema,
  newsPublicWire,
  newsResource,
  type News,
} from '../../src/shared/resources/news';
import type { Executor } from '../db/client';
import { news } from '../db/schema/news';
import { defineServerResource } from '../crud/define';
import {
  auditCells,
  column,
  altWrite,
  imageWrite,
  importedStatus,
  importKey,
  titledSlugRow,
  livePublished,
  pictureWrite,
  publishCells,
  publishFilter,
  publishStateOf,
  richText,
  seoCells,
  seoWrite,
  slugWrite,
  statusCells,
  statusWrite,
} from '../crud/fields';
import { sanitizeRichText } from '../lib/sanitizeHtml';
import { auditOf, auditSelect } from '../repositories/audit';
import { filesByIds } from '../repositories/files';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: news.id,
      title: news.title,
      slug: news.slug,
      date: news.date,
      summary: news.summary,
      description: news.description,
      image_id: news.image_id,
      mobile_image_id: news.mobile_image_id,
      banner_id: news.banner_id,
      status: news.status,
      meta_title: news.meta_title,
      meta_description: news.meta_description,
      meta_keyword: news.meta_keyword,
      ...auditSelect(news),
    })
    .from(news)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<News[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [row.image_id, row.mobile_image_id, row.banner_id]),
  );
  const file = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
  const audit = await auditOf(db, rows);
  return rows.map((row): News => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    date: row.date,
    summary: row.summary,
    description: row.description,
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    banner: file(row.banner_id),
    status: row.status,
    publish_state: publishStateOf(row),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keyword: row.meta_keyword,
    ...audit(row),
  }));
}

/** `/api/news`: the contract's list, CRUD, export and import. */
export const newsServer = defineServerResource({
  contract: newsResource,
  table: news,
  select,
  toItems,
  search: [news.title, news.slug, news.meta_title],
  sort: {
    title: news.title,
    date: news.date,
    status: news.status,
    created_at: news.created_at,
    updated_at: news.updated_at,
  },
  filters: {
    status: (values) => inArray(news.status, values),
    publish_states: publishFilter(news),
  },
  write: {
    title: column(news.title),
    ...slugWrite(news, 'title', LABELS.title),
    date: column(news.date),
    summary: column(news.summary),
    description: richText(news.description),
    ...imageWrite(news),
    ...pictureWrite('banner', news.banner_id, LABELS.banner),
    ...altWrite('image', 'mobile_image', 'banner'),
    ...statusWrite(news),
    ...seoWrite(news),
  },
  cells: (item) => ({
    title: item.title,
    slug: item.slug,
    date: item.date,
    summary: item.summary,
    description: item.description,
    ...statusCells(item),
    ...publishCells(item),
    ...seoCells(item),
    ...auditCells(item),
  }),
  import: {
    schema: newsImportRowSchema,
    key: news.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      // Files are not in the sheet: an update by import leaves them as they are.
      row: (row) =>
        titledSlugRow(row, (slug) => ({
          title: row.title,
          slug,
          date: row.date,
          summary: row.summary,
          description: sanitizeRichText(row.description),
          status: importedStatus(row.status),
          meta_title: row.meta_title,
          meta_description: row.meta_description,
          meta_keyword: row.meta_keyword,
        })),
    }),
  },
  // The website: Active and live items only (the admin's `publish_states=live`), newest first.
  publicRead: {
    wire: newsPublicWire,
    published: livePublished(news),
    slug: news.slug,
    order: [desc(news.date)],
  },
});
