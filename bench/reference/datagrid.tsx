/**
 * The bare reference: React, MUI's theme and a DataGrid with server paging over GET /api/products,
 * nothing else (no router, store, auth or lazy chunks). Built and served by bench/browser-timing.ts.
 */
import { useEffect, useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { fetchProducts, PAGE_SIZE, type ProductPage } from './api';
import { ProductGrid, renderPage } from './productGrid';

function Products() {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [answer, setAnswer] = useState<ProductPage | null>(null);
  useEffect(() => {
    void fetchProducts(pagination.page + 1, 'created_at', 'desc').then(setAnswer);
  }, [pagination.page]);
  return <ProductGrid answer={answer} paginationModel={pagination} onPaginationModelChange={setPagination} />;
}

renderPage(<Products />);
