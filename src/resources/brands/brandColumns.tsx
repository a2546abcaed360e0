import type { GridColDef } from '@mui/x-data-grid';
import { ImageNameCell, StatusCell } from '../../components/resource/cells';
import { formatDisplayDate } from '../../shared/formats';
import { en, LABELS } from '../../shared/messages';
import type { Brand } from '../../shared/resources/brands';

/** The brand list's columns; `field` names match the contract's sortable columns. */
export const brandColumns: GridColDef<Brand>[] = [
  {
    field: 'name',
    headerName: LABELS.name,
    flex: 1.4,
    minWidth: 200,
    renderCell: ({ row }) => <ImageNameCell name={row.name} image={row.logo} />,
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
