import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookQuery,
  useUpdateWebhookMutation,
} from '../../../store/webhooksApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import { webhooksResource, type Webhook, type WebhookCreateInput } from '../../shared/resources/webhooks';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookFields } from './WebhookFields';

/** The form's values: text as strings ('' for none). */
type WebhookValues = { name: string; url: string; events: string[]; status: Status };

const toValues = (item?: Webhook): WebhookValues => ({
  name: item?.name ?? '',
  url: item?.url ?? '',
  events: item?.events ?? [],
  status: item?.status ?? STATUS.active,
});

const toBody = (values: WebhookValues): WebhookCreateInput => ({
  name: values.name.trim(),
  url: values.url.trim(),
  events: values.events,
  status: values.status,
});

export type WebhookFormScreenProps = Record<string, never>;

/** /setting/webhook/add and /setting/webhook/{id}: the endpoint, and once saved its deliveries. */
export function WebhookFormScreen(_props: WebhookFormScreenProps) {
  return (
    <ResourceFormPage
      contract={webhooksResource}
      useGet={useGetWebhookQuery}
      useCreate={useCreateWebhookMutation}
      useUpdate={useUpdateWebhookMutation}
      useDelete={useDeleteWebhookMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { item, readOnly }) => (
        <>
          <WebhookFields item={item} disabled={readOnly} />
          {item && <WebhookDeliveries webhookId={item.id} canSend={!readOnly} />}
        </>
      )}
    </ResourceFormPage>
  );
}
