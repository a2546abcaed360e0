import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

/** The tag of contact forms (`contactFormsResource.tag`), without loading the contract into the shell. */
const CONTACT_FORM_TAG = 'ContactForm';

/**
 * The count of New contact-form messages the side menu shows (`GET /api/contact-forms/count`). Any
 * write of a contact form (its tag) refreshes it; the shell also polls it.
 */
export const inboxCountApi = api.enhanceEndpoints({ addTagTypes: [CONTACT_FORM_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    newContactFormsCount: build.query<number, void>({
      query: () => API_PATHS.contactFormsCount,
      transformResponse: (response: { data: { new: number } }) => response.data.new,
      providesTags: [{ type: CONTACT_FORM_TAG, id: 'LIST' }],
      extraOptions: { silent: true },
    }),
  }),
});

export const { useNewContactFormsCountQuery } = inboxCountApi;
