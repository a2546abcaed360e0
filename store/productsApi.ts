import { brandsResource } from '../src/shared/resources/brands';
import { categoriesResource } from '../src/shared/resources/categories';
import { productsResource } from '../src/shared/resources/products';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** Brand and category rows count their products, so a product write refreshes those lists. */
const RELATED = [brandsResource.tag, categoriesResource.tag];

/** The products slice (`/api/products`): list, item, writes and the spreadsheet import. */
export const productsApi = api
  .enhanceEndpoints({ addTagTypes: [productsResource.tag, ...RELATED] })
  .injectEndpoints({
    endpoints: (build) => {
      const products = resourceEndpoints(build, productsResource, RELATED);
      return {
        listProducts: products.list,
        getProduct: products.get,
        createProduct: products.create,
        updateProduct: products.update,
        deleteProduct: products.remove,
        importProducts: importEndpoint(build, productsResource, RELATED),
      };
    },
  });

export const {
  useListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useImportProductsMutation,
} = productsApi;
