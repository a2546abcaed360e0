/**
 * The bare reference: React, MUI's theme and a DataGrid with server paging over GET /api/products,
 * nothing else (no router, store, auth or lazy chunks). Built and served by bench/browser-timing.ts.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { fetchProducts, PAGE_SIZE, type ProductPage } from './api';
import { productColumns } from './productColumns';

function Products() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [answer, setAnswer] = useState<ProductPage | null>(null);
  useEffect(() => {
    void fetchProducts(pagination.page + 1, 'created_at', 'desc').then(setAnswer);
  }, [pagination.page]);
  return (
    <DataGrid
      rows={answer?.data ?? []}
      rowCount={answer?.meta.total ?? 0}
      columns={productColumns}
      loading={!answer}
      paginationMode="server"
      paginationModel={pagination}
      onPaginationModelChange={setPagination}
      pageSizeOptions={[PAGE_SIZE]}
    />
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <Products />
    </ThemeProvider>,
  );
}
