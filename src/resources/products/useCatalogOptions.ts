import { useResourceOptions, type ResourceOptions } from '../../hooks/useResourceOptions';
import { brandsResource } from '../../shared/resources/brands';
import { categoriesResource } from '../../shared/resources/categories';

/** Every brand (`GET /api/brands/options`) for the product form's Brand select. */
export const useBrandOptions = (): ResourceOptions => useResourceOptions(brandsResource);

/** Every category for the product form's Category select. */
export const useCategoryOptions = (): ResourceOptions => useResourceOptions(categoriesResource);
