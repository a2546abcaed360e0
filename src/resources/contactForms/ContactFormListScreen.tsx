import { useListContactFormsQuery } from '../../../store/contactFormsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { contactFormsResource } from '../../shared/resources/contactForms';
import { contactFormsColumns } from './contactFormsColumns';

export type ContactFormListScreenProps = Record<string, never>;

/** /inbox/contact-form: the contact form list, with the contract's filters. */
export function ContactFormListScreen(_props: ContactFormListScreenProps) {
  return (
    <ResourceListPage
      contract={contactFormsResource}
      useList={useListContactFormsQuery}
      columns={contactFormsColumns}
    />
  );
}
