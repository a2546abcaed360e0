import { brandsResource } from '../src/shared/resources/brands';
import { productsResource } from '../src/shared/resources/products';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** Product rows show their brand's name, so a brand write refreshes the product lists. */
const RELATED = [productsResource.tag];

/** The brands slice (`/api/brands`): list, item, writes and the spreadsheet import. */
export const brandsApi = api
  .enhanceEndpoints({ addTagTypes: [brandsResource.tag, ...RELATED] })
  .injectEndpoints({
    endpoints: (build) => {
      const brands = resourceEndpoints(build, brandsResource, RELATED);
      return {
        listBrands: brands.list,
        getBrand: brands.get,
        createBrand: brands.create,
        updateBrand: brands.update,
        deleteBrand: brands.remove,
        importBrands: importEndpoint(build, brandsResource, RELATED),
      };
    },
  });

export const {
  useListBrandsQuery,
  useGetBrandQuery,
  useCreateBrandMutation,
  useUpdateBrandMutation,
  useDeleteBrandMutation,
  useImportBrandsMutation,
} = brandsApi;
