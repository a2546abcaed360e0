import {
  useDeleteContactFormMutation,
  useGetContactFormQuery,
  useUpdateContactFormMutation,
} from '../../../store/contactFormsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import {
  contactFormsResource,
  type ContactForm,
  type ContactFormCreateInput,
} from '../../shared/resources/contactForms';
import { ContactFormFields } from './ContactFormFields';

/** The form's values: text as strings ('' for none). */
type ContactFormValues = { title: string; slug: string; status: Status };

const toValues = (item?: ContactForm): ContactFormValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: ContactFormValues): ContactFormCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
});

export type ContactFormFormScreenProps = Record<string, never>;

/** /inbox/contact-form/{id}. */
export function ContactFormFormScreen(_props: ContactFormFormScreenProps) {
  return (
    <ResourceFormPage
      contract={contactFormsResource}
      useGet={useGetContactFormQuery}
      useUpdate={useUpdateContactFormMutation}
      useDelete={useDeleteContactFormMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <ContactFormFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
