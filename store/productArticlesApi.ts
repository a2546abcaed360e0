import { productArticlesResource } from '../src/shared/resources/productArticles';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The product article slice (`/api/product-articles`): list, item, writes and the spreadsheet import. */
export const productArticlesApi = api
  .enhanceEndpoints({ addTagTypes: [productArticlesResource.tag] })
  .injectEndpoints({
    endpoints: (build) => {
      const productArticles = resourceEndpoints(build, productArticlesResource);
      return {
        listProductArticles: productArticles.list,
        getProductArticle: productArticles.get,
        createProductArticle: productArticles.create,
        updateProductArticle: productArticles.update,
        deleteProductArticle: productArticles.remove,
        importProductArticles: importEndpoint(build, productArticlesResource),
      };
    },
  });

export const {
  useListProductArticlesQuery,
  useGetProductArticleQuery,
  useCreateProductArticleMutation,
  useUpdateProductArticleMutation,
  useDeleteProductArticleMutation,
  useImportProductArticlesMutation,
} = productArticlesApi;
