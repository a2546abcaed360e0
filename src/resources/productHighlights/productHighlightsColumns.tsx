import type { GridColDef } from '@mui/x-data-grid';
import { createdColumn, statusColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import type { ProductHighlight } from '../../shared/resources/productHighlights';

/** The product highlight list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const productHighlightsColumns: GridColDef<ProductHighlight>[] = [
  { field: 'title', headerName: LABELS.title, flex: 1.6, minWidth: 220 },
  { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160, sortable: false },
  statusColumn(),
  createdColumn(),
];
