import { listColumns } from '../../components/resource/listColumns';
import {
  createdColumn,
  imageNameColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { productsResource, type Product } from '../../shared/resources/products';

/** The product list's columns; `field` names match the contract's sortable columns. */
export const productColumns = listColumns(productsResource, [
  { ...imageNameColumn<Product>('name', LABELS.name, (row) => row.image), flex: 1.6, minWidth: 220 },
  {
    field: 'brand',
    headerName: LABELS.brand,
    flex: 1,
    minWidth: 140,
    // A maker outside the brand list is named by `other_brand`.
    valueGetter: (_value, row) => row.brand?.name ?? row.other_brand ?? '',
  },
  {
    field: 'category',
    headerName: LABELS.category,
    flex: 1,
    minWidth: 140,
    valueGetter: (_value, row) => row.category.name,
  },
  { field: 'model', headerName: LABELS.model, flex: 0.8, minWidth: 110 },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
