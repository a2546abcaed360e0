import { webhooksResource, type WebhookDelivery } from '../src/shared/resources/webhooks';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

const DELIVERIES_TAG = 'WebhookDeliveries';
const pathOf = (template: string, params: Record<string, number>) =>
  Object.entries(params).reduce((path, [key, value]) => path.replace(`:${key}`, String(value)), template);

/** The webhook slice (`/api/webhooks`): list, item, writes, the delivery log, send test, resend. */
export const webhooksApi = api
  .enhanceEndpoints({ addTagTypes: [webhooksResource.tag, DELIVERIES_TAG] })
  .injectEndpoints({
    endpoints: (build) => {
      // Typed by the contract: its item, create and update bodies.
      const webhooks = resourceEndpoints(build, webhooksResource);
      return {
        listWebhooks: webhooks.list,
        getWebhook: webhooks.get,
        createWebhook: webhooks.create,
        updateWebhook: webhooks.update,
        deleteWebhook: webhooks.remove,
        listWebhookDeliveries: build.query<{ data: WebhookDelivery[] }, number>({
          query: (id) => pathOf(API_PATHS.webhookDeliveries, { id }),
          providesTags: (_result, _error, id) => [{ type: DELIVERIES_TAG, id }],
        }),
        sendWebhookTest: build.mutation<{ message: string }, number>({
          query: (id) => ({ url: pathOf(API_PATHS.webhookTest, { id }), method: 'POST' }),
          invalidatesTags: (_result, _error, id) => [{ type: DELIVERIES_TAG, id }],
        }),
        resendWebhookDelivery: build.mutation<{ message: string }, { id: number; deliveryId: number }>({
          query: ({ id, deliveryId }) => ({
            url: pathOf(API_PATHS.webhookResend, { id, deliveryId }),
            method: 'POST',
          }),
          invalidatesTags: (_result, _error, { id }) => [{ type: DELIVERIES_TAG, id }],
        }),
      };
    },
  });

export const {
  useListWebhooksQuery,
  useGetWebhookQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useListWebhookDeliveriesQuery,
  useSendWebhookTestMutation,
  useResendWebhookDeliveryMutation,
} = webhooksApi;
