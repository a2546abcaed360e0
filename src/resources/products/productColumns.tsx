import type { GridColDef } from '@mui/x-data-grid';
import { ImageNameCell, StatusCell } from '../../components/resource/cells';
import { formatDisplayDate } from '../../shared/formats';
import { en, LABELS } from '../../shared/messages';
import type { Product } from '../../shared/resources/products';

const date = (headerName: string) => ({
  headerName,
  width: 140,
  valueFormatter: (value: string | null) => formatDisplayDate(value),
});

/** The product list's columns; `field` names match the contract's sortable columns. */
export const productColumns: GridColDef<Product>[] = [
  {
    field: 'name',
    headerName: LABELS.name,
    flex: 1.6,
    minWidth: 220,
    renderCell: ({ row }) => <ImageNameCell name={row.name} image={row.image} />,
  },
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
  {
    field: 'status',
    headerName: LABELS.status,
    width: 130,
    renderCell: ({ row }) => <StatusCell status={row.status} />,
  },
  { field: 'created_at', ...date(en.createdDate) },
  { field: 'updated_at', ...date(en.updatedDate) },
];
