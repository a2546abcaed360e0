import type { WriteResponse } from '../src/shared/resources/resource';
import type { InboxSettings, InboxSettingsInput } from '../src/shared/resources/inboxSources';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

const TAG = 'InboxSettings';

/** The inbox's settings per website form (`/api/settings/inbox`): read and save. */
export const inboxSettingsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
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
  }),
});

export const { useGetInboxSettingsQuery, useUpdateInboxSettingsMutation } = inboxSettingsApi;
