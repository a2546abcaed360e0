import { categoriesResource } from '../src/shared/resources/categories';
import { productsResource } from '../src/shared/resources/products';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** Product rows show their category's name, so a category write refreshes the product lists. */
const RELATED = [productsResource.tag];

/** The categories slice (`/api/categories`): list, item, writes and the spreadsheet import. */
export const categoriesApi = api
  .enhanceEndpoints({ addTagTypes: [categoriesResource.tag, ...RELATED] })
  .injectEndpoints({
    endpoints: (build) => {
      const categories = resourceEndpoints(build, categoriesResource, RELATED);
      return {
        listCategories: categories.list,
        getCategory: categories.get,
        createCategory: categories.create,
        updateCategory: categories.update,
        deleteCategory: categories.remove,
        importCategories: importEndpoint(build, categoriesResource, RELATED),
      };
    },
  });

export const {
  useListCategoriesQuery,
  useGetCategoryQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useImportCategoriesMutation,
} = categoriesApi;
