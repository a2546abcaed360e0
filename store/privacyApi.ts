import type { PrivacyErased, PrivacyFormat, PrivacySummary } from '../src/shared/resources/privacy';
import type { WriteResponse } from '../src/shared/resources/resource';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { downloadFile } from './resourceApi';

const TAG = 'Privacy';

/** Setting › Privacy (`/api/privacy`): what is held on an address, its erasure. */
export const privacyApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getPrivacySummary: build.query<PrivacySummary, string>({
      query: (email) => ({ url: API_PATHS.privacy, params: { email } }),
      transformResponse: (response: { data: PrivacySummary }) => response.data,
      providesTags: [TAG],
      keepUnusedDataFor: 0,
    }),
    erasePerson: build.mutation<WriteResponse<PrivacyErased>, { email: string; confirm_email: string }>({
      query: (body) => ({ url: API_PATHS.privacy, method: 'DELETE', body }),
      invalidatesTags: (result) => (result ? [TAG] : []),
    }),
  }),
});

export const { useLazyGetPrivacySummaryQuery, useErasePersonMutation } = privacyApi;

/** Downloads everything held on the address as JSON or CSV (audited by the server). */
export const downloadPersonData = (email: string, format: PrivacyFormat): Promise<string> =>
  downloadFile(
    `${API_PATHS.privacyExport}?email=${encodeURIComponent(email)}&format=${format}`,
    `personal-data.${format}`,
  );
