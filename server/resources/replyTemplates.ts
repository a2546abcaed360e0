import { inArray } from 'drizzle-orm';
import { LABELS } from '../../src/shared/messages';
import {
  replyTemplatesImportRowSchema,
  replyTemplatesResource,
  type ReplyTemplate,
} from '../../src/shared/resources/replyTemplates';
import type { Executor } from '../db/client';
import { replyTemplates } from '../db/schema';
import { defineServerResource } from '../crud/define';
import {
  auditCells,
  column,
  importedStatus,
  importKey,
  importSlugErrors,
  slugWrite,
  statusCells,
  statusWrite,
} from '../crud/fields';
import { auditOf, auditSelect } from '../repositories/audit';

/** The query every read starts from (list, show, export): explicit columns; add where/order/limit. */
const select = (db: Executor) =>
  db
    .select({
      id: replyTemplates.id,
      title: replyTemplates.title,
      subject: replyTemplates.subject,
      body: replyTemplates.body,
      slug: replyTemplates.slug,
      status: replyTemplates.status,
      ...auditSelect(replyTemplates),
    })
    .from(replyTemplates)
    .$dynamic();

/** A page of rows → the contract's items (annotated, so a field the wire schema lacks is an error here). */
async function toItems(db: Executor, rows: Awaited<ReturnType<typeof select>>): Promise<ReplyTemplate[]> {
  const audit = await auditOf(db, rows);
  return rows.map((row): ReplyTemplate => ({
    id: row.id,
    title: row.title,
    subject: row.subject,
    body: row.body,
    slug: row.slug,
    status: row.status,
    ...audit(row),
  }));
}

/** `/api/reply-templates`: the contract's list, CRUD, export and import; options for the reply form. */
export const replyTemplatesServer = defineServerResource({
  contract: replyTemplatesResource,
  table: replyTemplates,
  select,
  toItems,
  search: [replyTemplates.title, replyTemplates.slug, replyTemplates.subject],
  sort: {
    title: replyTemplates.title,
    subject: replyTemplates.subject,
    status: replyTemplates.status,
    created_at: replyTemplates.created_at,
    updated_at: replyTemplates.updated_at,
  },
  filters: { status: (values) => inArray(replyTemplates.status, values) },
  write: {
    title: column(replyTemplates.title),
    subject: column(replyTemplates.subject),
    body: column(replyTemplates.body),
    ...slugWrite(replyTemplates, 'title', LABELS.title),
    ...statusWrite(replyTemplates),
  },
  cells: (item) => ({
    title: item.title,
    subject: item.subject,
    body: item.body,
    slug: item.slug,
    ...statusCells(item),
    ...auditCells(item),
  }),
  import: {
    schema: replyTemplatesImportRowSchema,
    key: replyTemplates.slug,
    keyOf: (row) => importKey(row.slug, row.title),
    prepare: async () => ({
      row: (row) => {
        const slug = importKey(row.slug, row.title);
        const errors = importSlugErrors(slug, LABELS.title);
        if (errors.length) return { errors };
        return {
          values: {
            title: row.title,
            subject: row.subject,
            body: row.body,
            slug,
            status: importedStatus(row.status),
          },
        };
      },
    }),
  },
});
