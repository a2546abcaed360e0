import type { SearchAnswer, SearchGroup } from '../src/shared/contracts/search';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

/**
 * Search everything (`GET /api/search?q=`): the newest matches of every resource the user may read,
 * grouped. The dialog shows its own message when it fails (no toast over it).
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchEverything: build.query<SearchGroup[], string>({
      query: (q) => ({ url: API_PATHS.search, params: { q } }),
      transformResponse: (response: SearchAnswer) => response.data,
      keepUnusedDataFor: 30,
      extraOptions: { silent: true },
    }),
  }),
});

export const { useSearchEverythingQuery } = searchApi;
