import {
  HISTORY_PER_PAGE,
  importUndoPath,
  revisionRestorePath,
  revisionsPath,
  trashPath,
  trashRestorePath,
  type HistoryPage,
  type Revision,
  type TrashItem,
  type TrashMeta,
  type UndoImportResult,
} from '../src/shared/resources/history';
import type { ResourceContract, WriteResponse } from '../src/shared/resources/resource';
import { api } from './api';

/**
 * Record history, deleted records and Undo (API contract: History and audit), for every resource
 * at once: each endpoint takes the resource's `group` (its path) and `tag` (its cache), so no
 * resource slice declares anything. The caches ride on the resource's own tags: a record's history
 * is its item tag (any write of the record — save, restore — refreshes it), the deleted list its
 * `LIST` tag (a delete, a bulk delete or a restore refreshes it beside the list).
 */

export type { FieldChange, Revision, RevisionAction, TrashItem } from '../src/shared/resources/history';

/** Which resource: its path segment and its RTK Query tag. */
export type HistoryTarget = Pick<ResourceContract, 'group' | 'tag'>;

export interface RevisionsArg extends HistoryTarget {
  id: number;
  page: number;
  per_page: number;
}

export interface RestoreRevisionArg extends HistoryTarget {
  id: number;
  revisionId: number;
  /** The record's `updated_at` as the form loaded it: a newer one answers 409. */
  updated_at?: string | null;
}

export interface TrashArg extends HistoryTarget {
  page: number;
  per_page: number;
  search?: string;
}

export interface RecordArg extends HistoryTarget {
  id: number;
}

export interface UndoImportArg extends HistoryTarget {
  importId: string;
}

export type UndoImportResponse = WriteResponse<UndoImportResult>;

/** Revisions and deleted records asked for at once (the server's default page). */
export const HISTORY_PAGE_SIZE = HISTORY_PER_PAGE.default;

/** What a restore makes stale: the record, its resource's lists (and trash) and options. */
const recordAndLists = ({ tag, id }: RecordArg) => [
  { type: tag, id },
  { type: tag, id: 'LIST' },
  { type: tag, id: 'OPTIONS' },
];

// The resources' tags are declared by their own slices (loaded with the pages that call these).
export const historyApi = api.enhanceEndpoints<string>({}).injectEndpoints({
  endpoints: (build) => ({
    listRevisions: build.query<HistoryPage<Revision>, RevisionsArg>({
      query: ({ group, id, page, per_page }) => ({
        url: revisionsPath({ group }, id),
        params: { page, per_page },
      }),
      providesTags: (_result, _error, { tag, id }) => [{ type: tag, id }],
      // The History panel shows a failed load itself, with Retry.
      extraOptions: { silent: true },
    }),
    restoreRevision: build.mutation<WriteResponse<unknown>, RestoreRevisionArg>({
      query: ({ group, id, revisionId, updated_at }) => ({
        url: revisionRestorePath({ group }, id, revisionId),
        method: 'POST',
        body: updated_at ? { updated_at } : {},
      }),
      invalidatesTags: (result, _error, arg) => (result ? recordAndLists(arg) : []),
      // The confirmation dialog shows a 409 or 422 in place.
      extraOptions: { silent: true },
    }),
    listTrash: build.query<HistoryPage<TrashItem, TrashMeta>, TrashArg>({
      query: ({ group, page, per_page, search }) => ({
        url: trashPath({ group }),
        params: { page, per_page, ...(search ? { search } : {}) },
      }),
      providesTags: (_result, _error, { tag }) => [{ type: tag, id: 'LIST' }],
    }),
    restoreRecord: build.mutation<WriteResponse<unknown>, RecordArg>({
      query: ({ group, id }) => ({ url: trashRestorePath({ group }, id), method: 'POST' }),
      invalidatesTags: (result, _error, arg) => (result ? recordAndLists(arg) : []),
    }),
    undoImport: build.mutation<UndoImportResponse, UndoImportArg>({
      query: ({ group, importId }) => ({
        url: importUndoPath({ group }, encodeURIComponent(importId)),
        method: 'POST',
      }),
      // An import touches any number of records: every cache of the resource.
      invalidatesTags: (result, _error, { tag }) => (result ? [{ type: tag }] : []),
    }),
  }),
});

export const {
  useListRevisionsQuery,
  useRestoreRevisionMutation,
  useListTrashQuery,
  useRestoreRecordMutation,
  useUndoImportMutation,
} = historyApi;
