import { pagesResource } from '../src/shared/resources/pages';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

/** The page slice (`/api/pages`): list, item, writes. */
export const pagesApi = api.enhanceEndpoints({ addTagTypes: [pagesResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const pages = resourceEndpoints(build, pagesResource);
    return {
      listPages: pages.list,
      getPage: pages.get,
      updatePage: pages.update,
    };
  },
});

export const { useListPagesQuery, useGetPageQuery, useUpdatePageMutation } = pagesApi;
