import { useMemo } from 'react';
import { useImportProductsMutation, useListProductsQuery } from '../../../store/productsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import type { ListFilterConfig } from '../../components/resource/types';
import { LABELS } from '../../shared/messages';
import { productsResource } from '../../shared/resources/products';
import { ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { productColumns } from './productColumns';
import { useBrandOptions, useCategoryOptions } from './useCatalogOptions';

export type ProductListScreenProps = Record<string, never>;

const toOptions = (items: { id: number; name: string }[] | undefined) =>
  items?.map((item) => ({ id: item.id, label: item.name }));

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
      ...(brandsAllowed
        ? [
            {
              param: 'brand_ids',
              label: LABELS.brand,
              storageKey: STORAGE_KEYS.filterBrands,
              options: toOptions(brands),
            },
          ]
        : []),
      ...(categoriesAllowed
        ? [
            {
              param: 'category_ids',
              label: LABELS.category,
              storageKey: STORAGE_KEYS.filterCategories,
              options: toOptions(categories),
            },
          ]
        : []),
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
      addPath={`${ROUTES.products}/add`}
      rowPath={(row) => `${ROUTES.products}/${row.id}`}
      importMutation={useImportProductsMutation}
    />
  );
}
