import { useMemo } from 'react';
import { useImportProductsMutation, useListProductsQuery } from '../../../store/productsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import type { ListFilterConfig } from '../../components/resource/types';
import { LABELS } from '../../shared/messages';
import { productsResource } from '../../shared/resources/products';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { optionFilter } from '../options/optionFilter';
import { productColumns } from './productColumns';
import { useBrandOptions, useCategoryOptions } from './useCatalogOptions';

const BRAND_FILTER = { param: 'brand_ids', label: LABELS.brand, storageKey: STORAGE_KEYS.filterBrands };
const CATEGORY_FILTER = {
  param: 'category_ids',
  label: LABELS.category,
  storageKey: STORAGE_KEYS.filterCategories,
};

export type ProductListScreenProps = Record<string, never>;

/**
 * /product: the products, filtered by brand and category (options from the API, selections kept
 * under filter:brands and filter:categories) besides status, date and search. A filter whose list
 * the user may not read is left out.
 */
export function ProductListScreen(_props: ProductListScreenProps) {
  const { allowed: brandsAllowed, options: brands } = useBrandOptions();
  const { allowed: categoriesAllowed, options: categories } = useCategoryOptions();
  const filters = useMemo<ListFilterConfig[]>(
    () => [
      ...optionFilter(BRAND_FILTER, brandsAllowed, brands),
      ...optionFilter(CATEGORY_FILTER, categoriesAllowed, categories),
    ],
    [brandsAllowed, brands, categoriesAllowed, categories],
  );
  return (
    <ResourceListPage
      contract={productsResource}
      title={productsResource.item}
      useList={useListProductsQuery}
      columns={productColumns}
      filters={filters}
      addPath={addPath(ROUTES.products)}
      rowPath={(row) => itemPath(ROUTES.products, row.id)}
      importMutation={useImportProductsMutation}
    />
  );
}
