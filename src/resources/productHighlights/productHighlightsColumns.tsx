import { listColumns } from '../../components/resource/listColumns';
import {
  createdColumn,
  imageNameColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { PositionCell } from './PositionCell';
import { productHighlightsResource, type ProductHighlight } from '../../shared/resources/productHighlights';

/** The product highlight list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const productHighlightsColumns = listColumns(productHighlightsResource, [
  {
    ...imageNameColumn<ProductHighlight>('title', LABELS.title, (row) => row.image),
    flex: 1.6,
    minWidth: 220,
  },
  {
    field: 'position',
    headerName: LABELS.position,
    width: 150,
    // Editable from the list: up and down swap a highlight with its neighbour.
    renderCell: (params) => <PositionCell {...params} />,
  },
  {
    field: 'product',
    headerName: LABELS.product,
    flex: 1,
    minWidth: 160,
    valueGetter: (_value, row) => row.product?.name ?? '',
  },
  statusColumn(),
  createdColumn(),
  updatedColumn(),
]);
