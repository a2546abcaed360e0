import { useListWebhooksQuery } from '../../../store/webhooksApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { webhooksResource } from '../../shared/resources/webhooks';
import { webhooksColumns } from './webhooksColumns';

export type WebhookListScreenProps = Record<string, never>;

/** /setting/webhook: the webhook endpoints, with the contract's filters. */
export function WebhookListScreen(_props: WebhookListScreenProps) {
  return (
    <ResourceListPage contract={webhooksResource} useList={useListWebhooksQuery} columns={webhooksColumns} />
  );
}
