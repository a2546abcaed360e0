import type { GridColDef } from '@mui/x-data-grid';
import { statusColumn, updatedColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { PAGE_TEXT, type Page } from '../../shared/resources/pages';

/** The page list's columns: title (links to the page), status, and when and by whom it was last changed. */
export const pagesColumns: GridColDef<Page>[] = [
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
];
