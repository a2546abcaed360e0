import { listColumns } from '../../components/resource/listColumns';
import {
  createdColumn,
  dateColumn,
  imageNameColumn,
  publishStateColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { productArticlesResource, type ProductArticle } from '../../shared/resources/productArticles';

/** The product article list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const productArticlesColumns = listColumns(productArticlesResource, [
  { ...imageNameColumn<ProductArticle>('title', LABELS.title, (row) => row.image), flex: 1.6, minWidth: 220 },
  {
    field: 'products',
    headerName: LABELS.products,
    flex: 1,
    minWidth: 160,
    sortable: false,
    valueGetter: (_value, row) => row.products.map((product) => product.name).join(', '),
  },
  dateColumn<ProductArticle>('date', LABELS.date),
  statusColumn(),
  publishStateColumn(),
  createdColumn(),
  updatedColumn(),
]);
