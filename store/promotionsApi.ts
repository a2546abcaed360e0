import { promotionsResource } from '../src/shared/resources/promotions';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The promotion slice (`/api/promotions`): list, item, writes and the spreadsheet import. */
export const promotionsApi = api.enhanceEndpoints({ addTagTypes: [promotionsResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const promotions = resourceEndpoints(build, promotionsResource);
    return {
      listPromotions: promotions.list,
      getPromotion: promotions.get,
      createPromotion: promotions.create,
      updatePromotion: promotions.update,
      deletePromotion: promotions.remove,
      importPromotions: importEndpoint(build, promotionsResource),
    };
  },
});

export const {
  useListPromotionsQuery,
  useGetPromotionQuery,
  useCreatePromotionMutation,
  useUpdatePromotionMutation,
  useDeletePromotionMutation,
  useImportPromotionsMutation,
} = promotionsApi;
