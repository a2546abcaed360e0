import type { GridColDef } from '@mui/x-data-grid';
import { ImageNameCell, StatusCell } from '../../components/resource/cells';
import { formatDisplayDate } from '../../shared/formats';
import { en, LABELS } from '../../shared/messages';
import type { Category } from '../../shared/resources/categories';

/** The category list's columns; `field` names match the contract's sortable columns. */
export const categoryColumns: GridColDef<Category>[] = [
  {
    field: 'name',
    headerName: LABELS.name,
    flex: 1.4,
    minWidth: 200,
    renderCell: ({ row }) => <ImageNameCell name={row.name} image={row.image} />,
  },
  { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160 },
  { field: 'products_count', headerName: en.products, type: 'number', width: 110 },
  {
    field: 'status',
    headerName: LABELS.status,
    width: 130,
    renderCell: ({ row }) => <StatusCell status={row.status} />,
  },
  {
    field: 'created_at',
    headerName: en.createdDate,
    width: 140,
    valueFormatter: (value: string | null) => formatDisplayDate(value),
  },
];
