import { desc, inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  promotionImportRowSchema,
  promotionPublicWire,
  promotionsResource,
  type Promotion,
} from '../../src/shared/resources/promotions';
import type { Executor } from '../db/client';
import { promotions } from '../db/schema/promotions';
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
      id: promotions.id,
      title: promotions.title,
      slug: promotions.slug,
      summary: promotions.summary,
      description: promotions.description,
      link: promotions.link,
      date: promotions.date,
      end_date: promotions.end_date,
      banner_id: promotions.banner_id,
      image_id: promotions.image_id,
      mobile_image_id: promotions.mobile_image_id,
      status: promotions.status,
      meta_title: promotions.meta_title,
      meta_description: promotions.meta_description,
      meta_keyword: promotions.meta_keyword,
      ...auditSelect(promotions),
    })
    .from(promotions)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<Promotion[]> {
  const stored = await filesByIds(
    db,
    rows.flatMap((row) => [row.banner_id, row.image_id, row.mobile_image_id]),
  );
  const file = (id: number | null) => (id === null ? null : (stored.get(id) ?? null));
  const audit = await auditOf(db, rows);
  return rows.map((row): Promotion => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    description: row.description,
    link: row.link,
    date: row.date,
    end_date: row.end_date,
    banner: file(row.banner_id),
    image: file(row.image_id),
    mobile_image: file(row.mobile_image_id),
    status: row.status,
    publish_state: publishStateOf(row),
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keyword: row.meta_keyword,
    ...audit(row),
  }));
}

/** `/api/promotions`: the contract's list, CRUD, export and import. */
export const promotionsServer = defineServerResource({
  contract: promotionsResource,
  table: promotions,
  select,
  toItems,
  search: [promotions.title, promotions.slug, promotions.meta_title],
  sort: {
    title: promotions.title,
    date: promotions.date,
    end_date: promotions.end_date,
    status: promotions.status,
    created_at: promotions.created_at,
    updated_at: promotions.updated_at,
  },
  filters: {
    status: (values) => inArray(promotions.status, values),
    publish_states: publishFilter(promotions),
  },
  write: {
    title: column(promotions.title),
    ...slugWrite(promotions, 'title', LABELS.title),
    summary: column(promotions.summary),
    description: richText(promotions.description),
    link: column(promotions.link),
    date: column(promotions.date),
    end_date: column(promotions.end_date),
    ...pictureWrite('banner', promotions.banner_id, LABELS.banner),
    ...imageWrite(promotions),
    ...altWrite('image', 'mobile_image', 'banner'),
    ...statusWrite(promotions),
    ...seoWrite(promotions),
  },
  cells: (item) => ({
    title: item.title,
    slug: item.slug,
    summary: item.summary,
    description: item.description,
    link: item.link,
    date: item.date,
    end_date: item.end_date,
    ...statusCells(item),
    ...publishCells(item),
    ...seoCells(item),
    ...auditCells(item),
  }),
  import: {
    schema: promotionImportRowSchema,
    key: promotions.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      // Files are not in the sheet: an update by import leaves them as they are.
      row: (row) =>
        titledSlugRow(row, (slug) => ({
          title: row.title,
          slug,
          summary: row.summary,
          description: sanitizeRichText(row.description),
          link: row.link,
          date: row.date,
          end_date: row.end_date,
          status: importedStatus(row.status),
          meta_title: row.meta_title,
          meta_description: row.meta_description,
          meta_keyword: row.meta_keyword,
        })),
    }),
  },
  // The website: Active and live promotions only (not scheduled, not ended), newest first.
  publicRead: {
    wire: promotionPublicWire,
    published: livePublished(promotions),
    slug: promotions.slug,
    order: [desc(promotions.date)],
  },
});
