import { subscribesResource } from '../src/shared/resources/subscribes';
import { api } from './api';
import { bulkDeleteEndpoint, resourceEndpoints } from './resourceApi';

/** The subscriber slice (`/api/subscribes`): list, delete, bulk delete. */
export const subscribesApi = api.enhanceEndpoints({ addTagTypes: [subscribesResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const subscribes = resourceEndpoints(build, subscribesResource);
    return {
      listSubscribes: subscribes.list,
      deleteSubscribe: subscribes.remove,
      bulkDeleteSubscribes: bulkDeleteEndpoint(build, subscribesResource),
    };
  },
});

export const { useListSubscribesQuery, useDeleteSubscribeMutation, useBulkDeleteSubscribesMutation } =
  subscribesApi;
