import { listColumns } from '../../components/resource/listColumns';
import { statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { pagesResource, PAGE_TEXT } from '../../shared/resources/pages';

/** The page list's columns: title (links to the page), status, and when and by whom it was last changed. */
export const pagesColumns = listColumns(pagesResource, [
  { field: 'title', headerName: LABELS.title, flex: 1.6, minWidth: 220 },
  { field: 'key', headerName: PAGE_TEXT.key, flex: 1, minWidth: 140, sortable: false },
  statusColumn(),
  updatedColumn(),
  {
    field: 'updated_by',
    headerName: PAGE_TEXT.updatedBy,
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => row.updated_by?.name ?? '—',
  },
]);
