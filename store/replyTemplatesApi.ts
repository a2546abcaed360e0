import { replyTemplatesResource } from '../src/shared/resources/replyTemplates';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The reply template slice (`/api/reply-templates`): list, item, writes and the spreadsheet import. */
export const replyTemplatesApi = api
  .enhanceEndpoints({ addTagTypes: [replyTemplatesResource.tag] })
  .injectEndpoints({
    endpoints: (build) => {
      // Typed by the contract: its item, create and update bodies.
      const replyTemplates = resourceEndpoints(build, replyTemplatesResource);
      return {
        listReplyTemplates: replyTemplates.list,
        getReplyTemplate: replyTemplates.get,
        createReplyTemplate: replyTemplates.create,
        updateReplyTemplate: replyTemplates.update,
        deleteReplyTemplate: replyTemplates.remove,
        importReplyTemplates: importEndpoint(build, replyTemplatesResource),
      };
    },
  });

export const {
  useListReplyTemplatesQuery,
  useGetReplyTemplateQuery,
  useCreateReplyTemplateMutation,
  useUpdateReplyTemplateMutation,
  useDeleteReplyTemplateMutation,
  useImportReplyTemplatesMutation,
} = replyTemplatesApi;
