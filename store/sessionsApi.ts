import type { Session } from '../src/shared/contracts/sessions';
import {
  accountSessionPath,
  API_PATHS,
  userSessionPath,
  userSessionsEndAllPath,
  userSessionsPath,
} from '../src/shared/routes';
import { api } from './api';

const TAG = 'Session';

/** What ending sessions answers. */
export interface SessionsEnded {
  data: { ended: number };
  message: string;
}

/**
 * The sessions page's slice: the signed-in user's own sessions (Profile › Sessions) and, for
 * holders of users.update, a user's (Users › a user › Sessions). Ending one refetches the list.
 */
export const sessionsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    listAccountSessions: build.query<Session[], void>({
      query: () => API_PATHS.accountSessions,
      transformResponse: (response: { data: Session[] }) => response.data,
      providesTags: [{ type: TAG, id: 'account' }],
    }),
    endAccountSession: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: accountSessionPath(id), method: 'DELETE' }),
      invalidatesTags: [{ type: TAG, id: 'account' }],
    }),
    endOtherAccountSessions: build.mutation<SessionsEnded, void>({
      query: () => ({ url: API_PATHS.accountSessionsEndOthers, method: 'POST' }),
      invalidatesTags: [{ type: TAG, id: 'account' }],
    }),
    listUserSessions: build.query<Session[], number>({
      query: (userId) => userSessionsPath(userId),
      transformResponse: (response: { data: Session[] }) => response.data,
      providesTags: (_result, _error, userId) => [{ type: TAG, id: `user-${userId}` }],
    }),
    endUserSession: build.mutation<{ message: string }, { userId: number; id: number }>({
      query: ({ userId, id }) => ({ url: userSessionPath(userId, id), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { userId }) => [{ type: TAG, id: `user-${userId}` }],
    }),
    endAllUserSessions: build.mutation<SessionsEnded, number>({
      query: (userId) => ({ url: userSessionsEndAllPath(userId), method: 'POST' }),
      invalidatesTags: (_result, _error, userId) => [{ type: TAG, id: `user-${userId}` }],
    }),
  }),
});

export const {
  useListAccountSessionsQuery,
  useEndAccountSessionMutation,
  useEndOtherAccountSessionsMutation,
  useListUserSessionsQuery,
  useEndUserSessionMutation,
  useEndAllUserSessionsMutation,
} = sessionsApi;
