import Button from '@mui/material/Button';
import DraftsIcon from '@mui/icons-material/Drafts';
import {
  useBulkDeleteContactFormsMutation,
  useListContactFormsQuery,
  useSetContactFormsStateMutation,
} from '../../../store/contactFormsApi';
import { useAuth } from '../../auth/AuthContext';
import { BulkDeleteButton } from '../../components/resource/BulkDeleteButton';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useNotify } from '../../hooks/useNotify';
import { hasPermission } from '../../shared/permissions';
import { CONTACT_LABELS, contactFormsResource } from '../../shared/resources/contactForms';
import { can } from '../../shared/resources/resource';
import { contactFormsColumns } from './contactFormsColumns';

export type ContactFormListScreenProps = Record<string, never>;

/**
 * /inbox/contact-form: the messages the website sent, with state, source (`filter:sources`),
 * product (`filter:products`) and date filters, search, export, and bulk Mark as Read and Delete on
 * the selected rows. No Add New: messages come from the website only.
 */
export function ContactFormListScreen(_props: ContactFormListScreenProps) {
  const { user } = useAuth();
  const notify = useNotify();
  const [setState, { isLoading }] = useSetContactFormsStateMutation();
  const mayUpdate = hasPermission(user?.permissions, can(contactFormsResource, 'update'));
  const markRead = async (ids: number[], clear: () => void) => {
    try {
      const { data } = await setState({ ids, state: 'read' }).unwrap();
      notify.success(CONTACT_LABELS.bulkMarked.replace('{count}', String(data.count)));
      clear();
    } catch {
      // Toasted by the API slice.
    }
  };
  return (
    <ResourceListPage
      contract={contactFormsResource}
      useList={useListContactFormsQuery}
      columns={contactFormsColumns}
      selectionActions={(ids, clear) => (
        <>
          {mayUpdate && (
            <Button
              variant="outlined"
              startIcon={<DraftsIcon />}
              disabled={isLoading}
              onClick={() => markRead(ids, clear)}
            >
              {CONTACT_LABELS.markRead}
            </Button>
          )}
          <BulkDeleteButton
            contract={contactFormsResource}
            useBulkDelete={useBulkDeleteContactFormsMutation}
            ids={ids}
            onDone={clear}
          />
        </>
      )}
    />
  );
}
