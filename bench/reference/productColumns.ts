/** The columns of the DataGrid reference pages (datagrid.tsx, datagrid-floor.tsx): the app's list's, as plain text. */
import type { GridColDef } from '@mui/x-data-grid';
import type { ProductRow } from './api';

export const productColumns: GridColDef<ProductRow>[] = [
  { field: 'name', headerName: 'Name', flex: 1.6 },
  {
    field: 'brand',
    headerName: 'Brand',
    flex: 1,
    valueGetter: (_v, row) => row.brand?.name ?? row.other_brand,
  },
  { field: 'category', headerName: 'Category', flex: 1, valueGetter: (_v, row) => row.category.name },
  { field: 'model', headerName: 'Model', flex: 0.8 },
  { field: 'status', headerName: 'Status', valueGetter: (_v, row) => (row.status ? 'Active' : 'Not Active') },
  { field: 'created_at', headerName: 'Created At', width: 140 },
];
