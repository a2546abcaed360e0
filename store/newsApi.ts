import { newsResource } from '../src/shared/resources/news';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The news slice (`/api/news`): list, item, writes and the spreadsheet import. */
export const newsApi = api.enhanceEndpoints({ addTagTypes: [newsResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const news = resourceEndpoints(build, newsResource);
    return {
      listNews: news.list,
      getNews: news.get,
      createNews: news.create,
      updateNews: news.update,
      deleteNews: news.remove,
      importNews: importEndpoint(build, newsResource),
    };
  },
});

export const {
  useListNewsQuery,
  useGetNewsQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useDeleteNewsMutation,
  useImportNewsMutation,
} = newsApi;
