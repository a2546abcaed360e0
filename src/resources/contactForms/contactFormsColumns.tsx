import { listColumns } from '../../components/resource/listColumns';
import { dateColumn } from '../../components/resource/fields/columns';
import {
  contactFormsResource,
  CONTACT_LABELS,
  SOURCE_LABELS,
  type ContactForm,
} from '../../shared/resources/contactForms';
import { ContactStateCell } from './ContactStateChip';
import { DueCell } from './DueText';

/** The inbox list's columns; the first (the subject) links to the message. */
export const contactFormsColumns = listColumns(contactFormsResource, [
  {
    field: 'subject',
    headerName: CONTACT_LABELS.subject,
    flex: 1.4,
    minWidth: 200,
  },
  {
    field: 'name',
    headerName: CONTACT_LABELS.sender,
    flex: 1.2,
    minWidth: 200,
    valueGetter: (_value, row) => `${row.name} <${row.email}>`,
  },
  {
    field: 'source',
    headerName: CONTACT_LABELS.source,
    width: 150,
    valueFormatter: (value: ContactForm['source']) => SOURCE_LABELS[value],
  },
  {
    field: 'product',
    headerName: CONTACT_LABELS.product,
    flex: 1,
    minWidth: 140,
    sortable: false,
    valueGetter: (_value, row) => row.product?.name ?? '',
  },
  dateColumn<ContactForm>('created_at', CONTACT_LABELS.received),
  {
    field: 'assignee',
    headerName: CONTACT_LABELS.assignee,
    flex: 0.8,
    minWidth: 130,
    sortable: false,
    valueGetter: (_value, row) => row.assignee?.name ?? '',
  },
  {
    field: 'due_at',
    headerName: CONTACT_LABELS.due,
    width: 170,
    renderCell: ({ row }) => <DueCell item={row} />,
  },
  {
    field: 'state',
    headerName: CONTACT_LABELS.state,
    width: 120,
    renderCell: ({ row }) => <ContactStateCell state={row.state} />,
  },
]);
