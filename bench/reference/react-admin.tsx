/**
 * The react-admin reference: <Admin> with ra-data-simple-rest and a <List>/<Datagrid> of products,
 * as its documentation writes one. Our API pages with page/per_page and answers {data, meta}, where
 * ra-data-simple-rest sends range/sort/filter and reads Content-Range, so its HTTP client translates
 * the list call. Built and served by bench/browser-timing.ts.
 */
import { createRoot } from 'react-dom/client';
import simpleRestProvider from 'ra-data-simple-rest';
import { Admin, Datagrid, DateField, FunctionField, List, Resource, TextField } from 'react-admin';
import { fetchProducts, type ProductRow } from './api';

async function httpClient(url: string) {
  const params = new URL(url, window.location.origin).searchParams;
  const [start, end] = JSON.parse(params.get('range') ?? '[0,9]') as [number, number];
  const [field, order] = JSON.parse(params.get('sort') ?? '["created_at","DESC"]') as [string, string];
  const perPage = end - start + 1;
  const answer = await fetchProducts(start / perPage + 1, field, order === 'ASC' ? 'asc' : 'desc');
  const last = start + Math.max(answer.data.length - 1, 0);
  return {
    status: 200,
    headers: new Headers({ 'content-range': `products ${start}-${last}/${answer.meta.total}` }),
    body: JSON.stringify(answer.data),
    json: answer.data,
  };
}

const dataProvider = simpleRestProvider('/api', httpClient);

function ProductList() {
  return (
    <List sort={{ field: 'created_at', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <FunctionField<ProductRow> label="Brand" render={(row) => row.brand?.name ?? row.other_brand} />
        <TextField source="category.name" label="Category" />
        <TextField source="model" />
        <FunctionField<ProductRow> label="Status" render={(row) => (row.status ? 'Active' : 'Not Active')} />
        <DateField source="created_at" />
      </Datagrid>
    </List>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin dataProvider={dataProvider}>
      <Resource name="products" list={ProductList} />
    </Admin>,
  );
}
