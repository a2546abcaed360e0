import {
  contactFormsResource,
  type ContactForm,
  type ContactFormCreateInput,
  type ContactFormUpdateInput,
} from '../src/shared/resources/contactForms';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

/** The contact form slice (`/api/contact-forms`): list, item, writes. */
export const contactFormsApi = api
  .enhanceEndpoints({ addTagTypes: [contactFormsResource.tag] })
  .injectEndpoints({
    endpoints: (build) => {
      const contactForms = resourceEndpoints<ContactForm, ContactFormCreateInput, ContactFormUpdateInput>(
        build,
        contactFormsResource,
      );
      return {
        listContactForms: contactForms.list,
        getContactForm: contactForms.get,
        updateContactForm: contactForms.update,
        deleteContactForm: contactForms.remove,
      };
    },
  });

export const {
  useListContactFormsQuery,
  useGetContactFormQuery,
  useUpdateContactFormMutation,
  useDeleteContactFormMutation,
} = contactFormsApi;
