import type { GridColDef } from '@mui/x-data-grid';
import { ImageNameCell, StatusCell } from '../../components/resource/cells';
import { formatDisplayDate } from '../../shared/formats';
import { en, LABELS } from '../../shared/messages';
import type { FileObject } from '../../shared/resources/catalog';
import type { TaxonomyItem } from '../../shared/resources/taxonomy';

/**
 * The list columns of a brand or category, its picture beside the name; `field` names match the
 * contract's sortable columns.
 */
export function taxonomyColumns<T extends TaxonomyItem>(
  picture: (row: T) => FileObject | null,
): GridColDef<T>[] {
  return [
    {
      field: 'name',
      headerName: LABELS.name,
      flex: 1.4,
      minWidth: 200,
      renderCell: ({ row }) => <ImageNameCell name={row.name} image={picture(row)} />,
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
}
