import type { GridColDef } from '@mui/x-data-grid';
import { createdColumn, statusColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import type { ProductArticle } from '../../shared/resources/productArticles';

/** The product article list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const productArticlesColumns: GridColDef<ProductArticle>[] = [
  { field: 'title', headerName: LABELS.title, flex: 1.6, minWidth: 220 },
  { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160, sortable: false },
  statusColumn(),
  createdColumn(),
];
