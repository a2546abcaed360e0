import {
  bulkEditPath,
  bulkEditPreviewPath,
  bulkEditUndoPath,
  type BulkEditApplied,
  type BulkEditPreview,
  type BulkEditRequest,
  type BulkEditUndone,
} from '../src/shared/resources/bulkEdit';
import type { ResourceContract, WriteResponse } from '../src/shared/resources/resource';
import { api } from './api';

/**
 * Bulk edit (API contract: Bulk edit), for every resource whose contract declares `bulkEdit`: each
 * endpoint takes the resource's `group` (its path) and `tag` (its cache), as historyApi does.
 */

export type BulkEditTarget = Pick<ResourceContract, 'group' | 'tag'>;
export interface BulkEditArg extends BulkEditTarget {
  body: BulkEditRequest;
}
export interface BulkEditUndoArg extends BulkEditTarget {
  bulkId: string;
}

export const bulkEditApi = api.enhanceEndpoints<string>({}).injectEndpoints({
  endpoints: (build) => ({
    previewBulkEdit: build.mutation<{ data: BulkEditPreview }, BulkEditArg>({
      query: ({ group, body }) => ({ url: bulkEditPreviewPath({ group }), method: 'POST', body }),
      // The dialog shows a refusal in place.
      extraOptions: { silent: true },
    }),
    applyBulkEdit: build.mutation<WriteResponse<BulkEditApplied>, BulkEditArg>({
      query: ({ group, body }) => ({ url: bulkEditPath({ group }), method: 'POST', body }),
      // A bulk edit touches any number of records: every cache of the resource.
      invalidatesTags: (result, _error, { tag }) => (result ? [{ type: tag }] : []),
      extraOptions: { silent: true },
    }),
    undoBulkEdit: build.mutation<WriteResponse<BulkEditUndone>, BulkEditUndoArg>({
      query: ({ group, bulkId }) => ({ url: bulkEditUndoPath({ group }, bulkId), method: 'POST' }),
      invalidatesTags: (result, _error, { tag }) => (result ? [{ type: tag }] : []),
    }),
  }),
});

export const { usePreviewBulkEditMutation, useApplyBulkEditMutation, useUndoBulkEditMutation } = bulkEditApi;
