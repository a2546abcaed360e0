import type { WriteResponse } from '../src/shared/resources/resource';
import {
  mediaFilePath,
  mediaItemPath,
  mediaResource,
  mediaUsagePath,
  type MediaFile,
  type MediaUsage,
} from '../src/shared/resources/media';
import { api } from './api';
import { itemAndList, resourceEndpoints } from './resourceApi';

const USAGE_TAG = 'MediaUsage';

/** The media library slice (`/api/media`): the list, where a file is used, replace and delete. */
export const mediaApi = api
  .enhanceEndpoints({ addTagTypes: [mediaResource.tag, USAGE_TAG] })
  .injectEndpoints({
    endpoints: (build) => {
      const media = resourceEndpoints(build, mediaResource);
      return {
        listMedia: media.list,
        getMedia: media.get,
        fileUsage: build.query<MediaUsage[], number>({
          query: (id) => mediaUsagePath(id),
          transformResponse: (response: { data: MediaUsage[] }) => response.data,
          providesTags: (_result, _error, id) => [{ type: USAGE_TAG, id }],
        }),
        replaceFile: build.mutation<WriteResponse<MediaFile>, { id: number; file: File }>({
          query: ({ id, file }) => {
            const body = new FormData();
            body.append('file', file);
            return { url: mediaFilePath(id), method: 'POST', body };
          },
          invalidatesTags: (result, _error, { id }) => (result ? itemAndList(mediaResource.tag, id) : []),
        }),
        deleteFile: build.mutation<{ message: string }, number>({
          query: (id) => ({ url: mediaItemPath(id), method: 'DELETE' }),
          invalidatesTags: (result, _error, id) =>
            result ? [...itemAndList(mediaResource.tag, id), { type: USAGE_TAG, id }] : [],
        }),
      };
    },
  });

export const {
  useListMediaQuery,
  useGetMediaQuery,
  useFileUsageQuery,
  useReplaceFileMutation,
  useDeleteFileMutation,
} = mediaApi;
