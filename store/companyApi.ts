import { companySettingsSchema, companySettingsWire } from '../src/shared/resources/company';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { settingsEndpoints } from './resourceApi';

/** The one company record (API contract: Resources, `settings/company`). */
const TAG = 'CompanySettings';

/** The company settings slice: read and save the one record, typed by its wire and input schemas. */
export const companyApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => {
    const settings = settingsEndpoints(build, {
      path: API_PATHS.companySettings,
      tag: TAG,
      wire: companySettingsWire,
      input: companySettingsSchema,
    });
    return { getCompanySettings: settings.get, updateCompanySettings: settings.update };
  },
});

export const { useGetCompanySettingsQuery, useUpdateCompanySettingsMutation } = companyApi;
