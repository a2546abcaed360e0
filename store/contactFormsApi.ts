import { contactFormsResource, type ContactFormsBulkState } from '../src/shared/resources/contactForms';
import type { WriteResponse } from '../src/shared/resources/resource';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { bulkDeleteEndpoint, resourceEndpoints } from './resourceApi';

/** The contact form slice (`/api/contact-forms`): list, item, state and note, delete, bulk actions. */
export const contactFormsApi = api
  .enhanceEndpoints({ addTagTypes: [contactFormsResource.tag] })
  .injectEndpoints({
    endpoints: (build) => {
      const contactForms = resourceEndpoints(build, contactFormsResource);
      return {
        listContactForms: contactForms.list,
        getContactForm: contactForms.get,
        updateContactForm: contactForms.update,
        deleteContactForm: contactForms.remove,
        bulkDeleteContactForms: bulkDeleteEndpoint(build, contactFormsResource),
        setContactFormsState: build.mutation<WriteResponse<{ count: number }>, ContactFormsBulkState>({
          query: (body) => ({ url: API_PATHS.contactFormsState, method: 'PUT', body }),
          invalidatesTags: (result) => (result ? [{ type: contactFormsResource.tag }] : []),
        }),
      };
    },
  });

export const {
  useListContactFormsQuery,
  useGetContactFormQuery,
  useUpdateContactFormMutation,
  useDeleteContactFormMutation,
  useBulkDeleteContactFormsMutation,
  useSetContactFormsStateMutation,
} = contactFormsApi;
