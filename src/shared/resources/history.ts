import { Type, type Static } from '@sinclair/typebox';
import { apiPath, type ResourceContract } from './resource';
import { IdSchema, NullableObject, RefSchema, TimestampSchema } from './wire';

/**
 * Record history, trash and undo (API contract: History and audit), for every resource through the
 * machinery (server/crud/revisions.ts). The wire shapes and paths both halves use.
 */

export const REVISION_ACTIONS = ['create', 'update', 'delete', 'import', 'restore'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** One field's change: the wire value before and after (null for a created or deleted record's missing side). */
export interface FieldChange {
  old: unknown;
  new: unknown;
}
/** The fields a revision changed, by wire field name (files as `{id, name}`; secrets never). */
export type RevisionChanges = Record<string, FieldChange>;

const ChangesSchema = Type.Record(Type.String(), Type.Object({ old: Type.Unknown(), new: Type.Unknown() }), {
  description: 'The changed wire fields: {field: {old, new}}; files as {id, name}; no secret',
});

/** One entry of `GET /api/<group>/<id>/revisions`. */
export const revisionWire = Type.Object({
  id: IdSchema,
  action: Type.Union(REVISION_ACTIONS.map((action) => Type.Literal(action))),
  user: NullableObject(RefSchema),
  created_at: TimestampSchema,
  changes: ChangesSchema,
  import_id: Type.Union([Type.Null(), Type.String()]),
});
export type Revision = Static<typeof revisionWire>;

/** One entry of `GET /api/<group>/trash`: a deleted record not yet restored or purged. */
export const trashWire = Type.Object({
  id: IdSchema,
  title: Type.String(),
  deleted_at: TimestampSchema,
  deleted_by: NullableObject(RefSchema),
});
export type TrashItem = Static<typeof trashWire>;

/** The paging of the history and trash lists. */
export const historyMeta = Type.Object({
  page: Type.Integer(),
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});
export type HistoryMeta = Static<typeof historyMeta>;

/** The trash's page also says how many days a deleted record is kept (0: until restored). */
export const trashMeta = Type.Composite([
  historyMeta,
  Type.Object({ retention_days: Type.Integer({ minimum: 0 }) }),
]);
export type TrashMeta = Static<typeof trashMeta>;

export interface HistoryPage<T, M extends HistoryMeta = HistoryMeta> {
  data: T[];
  meta: M;
}

/** `POST /api/<group>/imports/<importId>/undo` answers what it did. */
export const undoImportWire = Type.Object({ deleted: Type.Integer(), restored: Type.Integer() });
export type UndoImportResult = Static<typeof undoImportWire>;

type Group = Pick<ResourceContract, 'group'>;
export const revisionsPath = (contract: Group, id: number | string): string =>
  `${apiPath(contract)}/${id}/revisions`;
export const revisionRestorePath = (contract: Group, id: number | string, revisionId: number | string) =>
  `${revisionsPath(contract, id)}/${revisionId}/restore`;
export const trashPath = (contract: Group): string => `${apiPath(contract)}/trash`;
export const trashRestorePath = (contract: Group, id: number | string): string =>
  `${apiPath(contract)}/${id}/restore`;
export const importUndoPath = (contract: Group, importId: string): string =>
  `${apiPath(contract)}/imports/${importId}/undo`;

/** History list paging: 20 by default, at most 100. */
export const HISTORY_PER_PAGE = { default: 20, max: 100 } as const;
