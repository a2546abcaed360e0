import type { CreatedWebsiteKey, Preview, WebsiteKey } from '../src/shared/resources/website';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

const TAG = 'WebsiteKeys';
const withId = (template: string, id: number) => template.replace(':id', String(id));

/** Setting › Website (`/api/website/keys`: list, create, revoke) and "Preview on site" (`/api/previews`). */
export const websiteApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    listWebsiteKeys: build.query<{ data: WebsiteKey[] }, void>({
      query: () => API_PATHS.websiteKeys,
      providesTags: [TAG],
    }),
    createWebsiteKey: build.mutation<{ data: CreatedWebsiteKey }, { name: string }>({
      query: (body) => ({ url: API_PATHS.websiteKeys, method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    revokeWebsiteKey: build.mutation<{ data: WebsiteKey }, number>({
      query: (id) => ({ url: withId(API_PATHS.websiteKey, id), method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
    createPreview: build.mutation<{ data: Preview }, { resource: string; id: number }>({
      query: (body) => ({ url: API_PATHS.previews, method: 'POST', body }),
    }),
    revokePreview: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: withId(API_PATHS.preview, id), method: 'DELETE' }),
    }),
  }),
});

export const {
  useListWebsiteKeysQuery,
  useCreateWebsiteKeyMutation,
  useRevokeWebsiteKeyMutation,
  useCreatePreviewMutation,
  useRevokePreviewMutation,
} = websiteApi;
