/**
 * The floor of a DataGrid list: datagrid.tsx's page with its request sent as the bundle starts to
 * run (firstPage.ts, imported first) and the page rendered once, with its rows, when the answer is
 * in: no router, store, auth, shell, lazy chunk or render without rows. What any list built on MUI
 * X's DataGrid pays at least before its first rows are painted (measured against rendering at once
 * and adding the rows later, it painted 150–180 ms sooner). Built by bench/references.ts.
 */
// First: the request leaves before the other modules run.
import { firstPage } from './firstPage';
import { useState } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { fetchProducts, PAGE_SIZE, type ProductPage } from './api';
import { ProductGrid, renderPage } from './productGrid';

function Products({ first }: { first: ProductPage }) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZE });
  const [answer, setAnswer] = useState(first);
  const changePage = (model: GridPaginationModel) => {
    setPagination(model);
    void fetchProducts(model.page + 1, 'created_at', 'desc').then(setAnswer);
  };
  return <ProductGrid answer={answer} paginationModel={pagination} onPaginationModelChange={changePage} />;
}

void firstPage.then((first) => renderPage(<Products first={first} />));
