import {
  useImportReplyTemplatesMutation,
  useListReplyTemplatesQuery,
} from '../../../store/replyTemplatesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { replyTemplatesResource } from '../../shared/resources/replyTemplates';
import { replyTemplatesColumns } from './replyTemplatesColumns';

export type ReplyTemplateListScreenProps = Record<string, never>;

/** /setting/reply-template: the reply template list, with the contract's filters. */
export function ReplyTemplateListScreen(_props: ReplyTemplateListScreenProps) {
  return (
    <ResourceListPage
      contract={replyTemplatesResource}
      useList={useListReplyTemplatesQuery}
      columns={replyTemplatesColumns}
      importMutation={useImportReplyTemplatesMutation}
    />
  );
}
