import type { WriteResponse } from '../src/shared/resources/resource';
import type { CompanySettings, CompanySettingsInput } from '../src/shared/resources/company';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

/** The one company record (API contract: Resources, `settings/company`). */

const TAG = 'CompanySettings';

/** The company settings slice: read and save the one record. */
export const companyApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getCompanySettings: build.query<CompanySettings, void>({
      query: () => API_PATHS.companySettings,
      transformResponse: (response: { data: CompanySettings }) => response.data,
      providesTags: [TAG],
    }),
    updateCompanySettings: build.mutation<WriteResponse<CompanySettings>, CompanySettingsInput>({
      query: (body) => ({ url: API_PATHS.companySettings, method: 'PUT', body }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const { useGetCompanySettingsQuery, useUpdateCompanySettingsMutation } = companyApi;
