import {
  contactFormsResource,
  type ContactForm,
  type ContactFormsBulkState,
} from '../src/shared/resources/contactForms';
import type { ContactReply, ContactReplyInput, ReplyDraft } from '../src/shared/resources/contactReplies';
import type { WriteResponse } from '../src/shared/resources/resource';
import type { Ref } from '../src/shared/resources/wire';
import {
  API_PATHS,
  assigneePath,
  contactRepliesPath,
  notSpamPath,
  replyDraftPath,
} from '../src/shared/routes';
import { api } from './api';
import { bulkDeleteEndpoint, itemAndList, resourceEndpoints } from './resourceApi';

const REPLY_TAG = 'ContactReply';

/** The contact form slice (`/api/contact-forms`): list, item, state and note, delete, bulk actions. */
export const contactFormsApi = api
  .enhanceEndpoints({ addTagTypes: [contactFormsResource.tag, REPLY_TAG] })
  .injectEndpoints({
    endpoints: (build) => {
      const contactForms = resourceEndpoints(build, contactFormsResource);
      return {
        listContactForms: contactForms.list,
        getContactForm: contactForms.get,
        updateContactForm: contactForms.update,
        deleteContactForm: contactForms.remove,
        bulkDeleteContactForms: bulkDeleteEndpoint(build, contactFormsResource),
        setContactFormsState: build.mutation<WriteResponse<{ count: number }>, ContactFormsBulkState>({
          query: (body) => ({ url: API_PATHS.contactFormsState, method: 'PUT', body }),
          invalidatesTags: (result) => (result ? [{ type: contactFormsResource.tag }] : []),
        }),
        /** "Not spam": a message filed as Spam back to New. */
        markNotSpam: build.mutation<WriteResponse<ContactForm>, number>({
          query: (id) => ({ url: notSpamPath(id), method: 'POST' }),
          invalidatesTags: (result, _error, id) => (result ? itemAndList(contactFormsResource.tag, id) : []),
        }),
        /** Whom a message may be assigned to: active users who may read the inbox. */
        listAssignees: build.query<Ref[], void>({
          query: () => API_PATHS.contactFormsAssignees,
          transformResponse: (response: { data: Ref[] }) => response.data,
        }),
        /** Assigns a message (null: to nobody); the assignee is mailed. */
        assignContactForm: build.mutation<
          WriteResponse<ContactForm>,
          { id: number; assignee_id: number | null; updated_at: string }
        >({
          query: ({ id, ...body }) => ({ url: assigneePath(id), method: 'PUT', body }),
          invalidatesTags: (result, _error, { id }) =>
            result ? itemAndList(contactFormsResource.tag, id) : [],
        }),
        /** A message's replies, oldest first, with their delivery state. */
        listContactReplies: build.query<ContactReply[], number>({
          query: (id) => contactRepliesPath(id),
          transformResponse: (response: { data: ContactReply[] }) => response.data,
          providesTags: (_result, _error, id) => [{ type: REPLY_TAG, id }],
        }),
        /** A reply template filled in for the message: the reply form's subject and text. */
        getReplyDraft: build.query<ReplyDraft, { id: number; template: number }>({
          query: ({ id, template }) => ({ url: replyDraftPath(id), params: { template } }),
          transformResponse: (response: { data: ReplyDraft }) => response.data,
          keepUnusedDataFor: 0,
        }),
        /** A reply by mail; the message moves to Replied. */
        sendContactReply: build.mutation<WriteResponse<ContactReply>, ContactReplyInput & { id: number }>({
          query: ({ id, ...body }) => ({ url: contactRepliesPath(id), method: 'POST', body }),
          invalidatesTags: (result, _error, { id }) =>
            result ? [{ type: REPLY_TAG, id }, ...itemAndList(contactFormsResource.tag, id)] : [],
        }),
      };
    },
  });

export const {
  useListContactFormsQuery,
  useGetContactFormQuery,
  useUpdateContactFormMutation,
  useDeleteContactFormMutation,
  useBulkDeleteContactFormsMutation,
  useSetContactFormsStateMutation,
  useMarkNotSpamMutation,
  useListAssigneesQuery,
  useAssignContactFormMutation,
  useListContactRepliesQuery,
  useSendContactReplyMutation,
  useLazyGetReplyDraftQuery,
} = contactFormsApi;
