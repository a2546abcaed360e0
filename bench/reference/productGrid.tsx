/**
 * The grid of the DataGrid reference pages (datagrid.tsx, datagrid-floor.tsx): the app's list's
 * columns as plain text, server paging over GET /api/products. The pages differ only in when they
 * ask for the first rows and render.
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { PAGE_SIZE, type ProductPage, type ProductRow } from './api';

const columns: GridColDef<ProductRow>[] = [
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

export interface ProductGridProps {
  /** The page's answer; null while it loads (the grid shows its loading overlay). */
  answer: ProductPage | null;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
}

export function ProductGrid({ answer, paginationModel, onPaginationModelChange }: ProductGridProps) {
  return (
    <DataGrid
      rows={answer?.data ?? []}
      rowCount={answer?.meta.total ?? 0}
      columns={columns}
      loading={!answer}
      paginationMode="server"
      paginationModel={paginationModel}
      onPaginationModelChange={onPaginationModelChange}
      pageSizeOptions={[PAGE_SIZE]}
    />
  );
}

/** Renders a reference page into the document's #root, in MUI's default theme. */
export function renderPage(page: ReactNode): void {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      {page}
    </ThemeProvider>,
  );
}
