import { listColumns } from '../../components/resource/listColumns';
import { createdColumn, statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { REPLY_TEMPLATE_LABELS, replyTemplatesResource } from '../../shared/resources/replyTemplates';

/** The reply template list's columns (fields of the item); the first links to the item, one per sortable field. */
export const replyTemplatesColumns = listColumns(replyTemplatesResource, [
  { field: 'title', headerName: LABELS.title, flex: 1.6, minWidth: 220 },
  { field: 'subject', headerName: REPLY_TEMPLATE_LABELS.subject, flex: 1.6, minWidth: 220 },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
