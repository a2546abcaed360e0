import { webhooksApi } from '../../../store/webhooksApi';
import { listRows } from '../../components/resource/listRows';
import { webhooksResource } from '../../shared/resources/webhooks';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const webhookRows = listRows(webhooksResource, webhooksApi.endpoints.listWebhooks);
