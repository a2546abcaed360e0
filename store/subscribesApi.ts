import {
  subscribesResource,
  type Subscribe,
  type SubscribeCreateInput,
  type SubscribeUpdateInput,
} from '../src/shared/resources/subscribes';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

/** The subscribe slice (`/api/subscribes`): list, item, writes. */
export const subscribesApi = api.enhanceEndpoints({ addTagTypes: [subscribesResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const subscribes = resourceEndpoints<Subscribe, SubscribeCreateInput, SubscribeUpdateInput>(
      build,
      subscribesResource,
    );
    return {
      listSubscribes: subscribes.list,
      getSubscribe: subscribes.get,
      deleteSubscribe: subscribes.remove,
    };
  },
});

export const { useListSubscribesQuery, useGetSubscribeQuery, useDeleteSubscribeMutation } = subscribesApi;
