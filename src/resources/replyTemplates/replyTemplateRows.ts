import { replyTemplatesApi } from '../../../store/replyTemplatesApi';
import { listRows } from '../../components/resource/listRows';
import { replyTemplatesResource } from '../../shared/resources/replyTemplates';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const replyTemplateRows = listRows(
  replyTemplatesResource,
  replyTemplatesApi.endpoints.listReplyTemplates,
);
