import { Type, type Static } from '@sinclair/typebox';
import { apiPath, type ListParams, type ResourceContract } from './resource';

/**
 * Bulk edit (issue 39, API contract: Bulk edit): a contract's `bulkEdit` fields set on the selected
 * rows (`{ids}`) or on every row the list's query matches (`{query}`), after a preview whose token
 * the apply must send back (a row changed since → 409); undone as a batch.
 */

/** Most rows one bulk edit takes (more matching → 422 naming it). */
export const BULK_EDIT_MAX = 10_000;

export const bulkEditPreviewPath = (contract: Pick<ResourceContract, 'group'>): string =>
  `${apiPath(contract)}/bulk-edit/preview`;
export const bulkEditPath = (contract: Pick<ResourceContract, 'group'>): string =>
  `${apiPath(contract)}/bulk-edit`;
export const bulkEditUndoPath = (contract: Pick<ResourceContract, 'group'>, bulkId: string): string =>
  `${apiPath(contract)}/bulk-edits/${bulkId}/undo`;

/** The body of a preview and of an apply (which adds the preview's `token`). */
export interface BulkEditRequest {
  ids?: number[];
  /** The list's query parameters (search, filters): every row they match. */
  query?: ListParams;
  set: Record<string, unknown>;
  token?: string;
}

const refusedWire = Type.Object({ id: Type.Integer(), title: Type.String(), message: Type.String() });

export const bulkEditPreviewWire = Type.Object({
  matched: Type.Integer(),
  changing: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Array(refusedWire),
  /** Each set field: its new value and the values the changing rows hold now, with how many. */
  fields: Type.Record(
    Type.String(),
    Type.Object({
      to: Type.Unknown(),
      from: Type.Array(Type.Object({ value: Type.Unknown(), label: Type.String(), count: Type.Integer() })),
    }),
  ),
  token: Type.String(),
});
export type BulkEditPreview = Static<typeof bulkEditPreviewWire>;

export const bulkEditAppliedWire = Type.Object({
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  refused: Type.Array(refusedWire),
  bulk_id: Type.String(),
});
export type BulkEditApplied = Static<typeof bulkEditAppliedWire>;

export const bulkEditUndoneWire = Type.Object({ restored: Type.Integer() });
export type BulkEditUndone = Static<typeof bulkEditUndoneWire>;
