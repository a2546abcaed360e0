import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

/** The build the server serves (GET /api/version), for the version check; null when it serves none. */
export const versionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVersion: build.query<string | null, void>({
      query: () => API_PATHS.version,
      transformResponse: (response: { data: { id: string | null } }) => response.data.id,
      // A failed check is retried later; it is nothing to tell the user about.
      extraOptions: { silent: true, ignoreUnauthorized: true },
    }),
  }),
});
