import type { Dashboard } from '../src/shared/contracts/dashboard';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

/** What the dashboard says needs attention (`GET /api/dashboard`); its cards say when it failed. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, void>({
      query: () => API_PATHS.dashboard,
      transformResponse: (response: { data: Dashboard }) => response.data,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
