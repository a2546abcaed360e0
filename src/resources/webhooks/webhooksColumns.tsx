import { listColumns } from '../../components/resource/listColumns';
import { createdColumn, statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { WEBHOOK_LABELS, webhooksResource } from '../../shared/resources/webhooks';

/** The webhook list's columns (fields of the item); the first links to the item, one per sortable field. */
export const webhooksColumns = listColumns(webhooksResource, [
  { field: 'name', headerName: WEBHOOK_LABELS.name, flex: 1.2, minWidth: 180 },
  { field: 'url', headerName: WEBHOOK_LABELS.url, flex: 1.6, minWidth: 220 },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
