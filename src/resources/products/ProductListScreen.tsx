import { useImportProductsMutation, useListProductsQuery } from '../../../store/productsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { productsResource } from '../../shared/resources/products';
import { productColumns } from './productColumns';

export type ProductListScreenProps = Record<string, never>;

/**
 * /product: the products, filtered by status, created date, brand and category (the contract's
 * filters; brand and category kept under filter:brands and filter:categories, left out for a user
 * who may not read their options) and search.
 */
export function ProductListScreen(_props: ProductListScreenProps) {
  return (
    <ResourceListPage
      contract={productsResource}
      useList={useListProductsQuery}
      columns={productColumns}
      importMutation={useImportProductsMutation}
    />
  );
}
