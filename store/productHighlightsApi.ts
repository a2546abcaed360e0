import { productHighlightsResource } from '../src/shared/resources/productHighlights';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The product highlight slice (`/api/product-highlights`): list, item, writes and the spreadsheet import. */
export const productHighlightsApi = api
  .enhanceEndpoints({ addTagTypes: [productHighlightsResource.tag] })
  .injectEndpoints({
    endpoints: (build) => {
      const productHighlights = resourceEndpoints(build, productHighlightsResource);
      return {
        listProductHighlights: productHighlights.list,
        getProductHighlight: productHighlights.get,
        createProductHighlight: productHighlights.create,
        updateProductHighlight: productHighlights.update,
        deleteProductHighlight: productHighlights.remove,
        importProductHighlights: importEndpoint(build, productHighlightsResource),
      };
    },
  });

export const {
  useListProductHighlightsQuery,
  useGetProductHighlightQuery,
  useCreateProductHighlightMutation,
  useUpdateProductHighlightMutation,
  useDeleteProductHighlightMutation,
  useImportProductHighlightsMutation,
} = productHighlightsApi;
