import { useListBrandOptionsQuery } from '../../../store/brandsApi';
import { useListCategoryOptionsQuery } from '../../../store/categoriesApi';
import { useResourceOptions, type ResourceOptions } from '../../hooks/useResourceOptions';
import { brandsResource } from '../../shared/resources/brands';
import { categoriesResource } from '../../shared/resources/categories';

/** Every brand (`GET /api/brands/options`) for the product list's Brand filter and the form's Brand select. */
export const useBrandOptions = (): ResourceOptions =>
  useResourceOptions(brandsResource, useListBrandOptionsQuery);

/** Every category for the product list's Category filter and the product form's Category select. */
export const useCategoryOptions = (): ResourceOptions =>
  useResourceOptions(categoriesResource, useListCategoryOptionsQuery);
