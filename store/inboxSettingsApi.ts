import type { WriteResponse } from '../src/shared/resources/resource';
import type {
  BlockList,
  BlockListInput,
  InboxSettings,
  InboxSettingsInput,
} from '../src/shared/resources/inboxSources';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

const TAG = 'InboxSettings';
const BLOCK_TAG = 'InboxBlockList';

/** The inbox's settings per website form (`/api/settings/inbox`): read and save. */
export const inboxSettingsApi = api.enhanceEndpoints({ addTagTypes: [TAG, BLOCK_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getInboxSettings: build.query<InboxSettings, void>({
      query: () => API_PATHS.inboxSettings,
      transformResponse: (response: { data: InboxSettings }) => response.data,
      providesTags: [TAG],
    }),
    updateInboxSettings: build.mutation<WriteResponse<InboxSettings>, InboxSettingsInput>({
      query: (body) => ({ url: API_PATHS.inboxSettings, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
    /** The block list (`/api/settings/inbox/block-list`): addresses, domains, phrases. */
    getInboxBlockList: build.query<BlockList, void>({
      query: () => API_PATHS.inboxBlockList,
      transformResponse: (response: { data: BlockList }) => response.data,
      providesTags: [BLOCK_TAG],
    }),
    updateInboxBlockList: build.mutation<WriteResponse<BlockList>, BlockListInput>({
      query: (body) => ({ url: API_PATHS.inboxBlockList, method: 'PUT', body }),
      invalidatesTags: [BLOCK_TAG],
    }),
  }),
});

export const {
  useGetInboxSettingsQuery,
  useUpdateInboxSettingsMutation,
  useGetInboxBlockListQuery,
  useUpdateInboxBlockListMutation,
} = inboxSettingsApi;
