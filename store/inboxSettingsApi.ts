import {
  blockListSchema,
  blockListWire,
  inboxSettingsSchema,
  inboxSettingsWire,
} from '../src/shared/resources/inboxSources';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { settingsEndpoints } from './resourceApi';

const TAG = 'InboxSettings';
const BLOCK_TAG = 'InboxBlockList';

/** The inbox's settings per website form (`/api/settings/inbox`) and its block list
 * (`/api/settings/inbox/block-list`: addresses, domains, phrases): read and save, typed by their schemas. */
export const inboxSettingsApi = api.enhanceEndpoints({ addTagTypes: [TAG, BLOCK_TAG] }).injectEndpoints({
  endpoints: (build) => {
    const settings = settingsEndpoints(build, {
      path: API_PATHS.inboxSettings,
      tag: TAG,
      wire: inboxSettingsWire,
      input: inboxSettingsSchema,
    });
    const blockList = settingsEndpoints(build, {
      path: API_PATHS.inboxBlockList,
      tag: BLOCK_TAG,
      wire: blockListWire,
      input: blockListSchema,
    });
    return {
      getInboxSettings: settings.get,
      updateInboxSettings: settings.update,
      getInboxBlockList: blockList.get,
      updateInboxBlockList: blockList.update,
    };
  },
});

export const {
  useGetInboxSettingsQuery,
  useUpdateInboxSettingsMutation,
  useGetInboxBlockListQuery,
  useUpdateInboxBlockListMutation,
} = inboxSettingsApi;
