import { useListBrandsQuery } from '../../../store/brandsApi';
import { useListCategoriesQuery } from '../../../store/categoriesApi';
import { useAuth } from '../../auth/AuthContext';
import { PAGE_SIZES } from '../../shared/limits';
import { hasPermission } from '../../shared/permissions';
import { brandsResource } from '../../shared/resources/brands';
import type { CatalogRef } from '../../shared/resources/catalog';
import { categoriesResource } from '../../shared/resources/categories';
import { can } from '../../shared/resources/resource';

/** Every option in one page (the API's largest page size), by name. */
const OPTIONS_PARAMS = { per_page: PAGE_SIZES[PAGE_SIZES.length - 1], sort: 'name', order: 'asc' } as const;

export interface CatalogOptions {
  /** Whether the user may list them at all (the list endpoint needs `<group>.index`). */
  allowed: boolean;
  /** The options, by name; undefined while they load (or when not allowed). */
  options: CatalogRef[] | undefined;
}

const useAllowed = (group: Parameters<typeof can>[0]) =>
  hasPermission(useAuth().user?.permissions, can(group, 'index'));

/** The brands for the product list's Brand filter and the product form's Brand select. */
export function useBrandOptions(): CatalogOptions {
  const allowed = useAllowed(brandsResource);
  const options = useListBrandsQuery(OPTIONS_PARAMS, { skip: !allowed }).data?.data;
  return { allowed, options };
}

/** The categories for the product list's Category filter and the product form's Category select. */
export function useCategoryOptions(): CatalogOptions {
  const allowed = useAllowed(categoriesResource);
  const options = useListCategoriesQuery(OPTIONS_PARAMS, { skip: !allowed }).data?.data;
  return { allowed, options };
}
