import {
  REMEMBERED_DEVICE_PATHS as PATHS,
  type RememberedDevice,
} from '../src/shared/contracts/rememberedDevices';
import { api } from './api';

const TAG = 'RememberedDevice';

/** What forgetting every device answers. */
export interface DevicesForgotten {
  data: { forgotten: number };
  message: string;
}

/**
 * Profile › Remembered devices (the caller's own) and, for holders of users.update, a user's:
 * browsers that skip the sign-in's second step. Forgetting one refetches the list.
 */
export const rememberedDevicesApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    listRememberedDevices: build.query<RememberedDevice[], number | undefined>({
      query: (userId) => (userId === undefined ? PATHS.list : PATHS.user(userId)),
      transformResponse: (response: { data: RememberedDevice[] }) => response.data,
      providesTags: (_result, _error, userId) => [{ type: TAG, id: userId ?? 'account' }],
    }),
    forgetRememberedDevice: build.mutation<{ message: string }, { userId?: number; id: number }>({
      query: ({ userId, id }) => ({
        url: userId === undefined ? PATHS.one(id) : PATHS.userOne(userId, id),
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: TAG, id: userId ?? 'account' }],
    }),
    forgetAllRememberedDevices: build.mutation<DevicesForgotten, number | undefined>({
      query: (userId) => ({ url: userId === undefined ? PATHS.list : PATHS.user(userId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, userId) => [{ type: TAG, id: userId ?? 'account' }],
    }),
  }),
});

export const {
  useListRememberedDevicesQuery,
  useForgetRememberedDeviceMutation,
  useForgetAllRememberedDevicesMutation,
} = rememberedDevicesApi;
