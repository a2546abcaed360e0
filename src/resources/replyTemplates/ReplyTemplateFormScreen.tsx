import {
  useCreateReplyTemplateMutation,
  useDeleteReplyTemplateMutation,
  useGetReplyTemplateQuery,
  useUpdateReplyTemplateMutation,
} from '../../../store/replyTemplatesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import {
  replyTemplatesResource,
  type ReplyTemplate,
  type ReplyTemplateCreateInput,
} from '../../shared/resources/replyTemplates';
import { ReplyTemplateFields } from './ReplyTemplateFields';

/** The form's values: text as strings ('' for none). */
type ReplyTemplateValues = { title: string; subject: string; body: string; slug: string; status: Status };

const toValues = (item?: ReplyTemplate): ReplyTemplateValues => ({
  title: item?.title ?? '',
  subject: item?.subject ?? '',
  body: item?.body ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: ReplyTemplateValues): ReplyTemplateCreateInput => ({
  title: values.title.trim(),
  subject: values.subject.trim(),
  body: values.body.trim(),
  slug: values.slug.trim(),
  status: values.status,
});

export type ReplyTemplateFormScreenProps = Record<string, never>;

/** /setting/reply-template/add and /setting/reply-template/{id}. */
export function ReplyTemplateFormScreen(_props: ReplyTemplateFormScreenProps) {
  return (
    <ResourceFormPage
      contract={replyTemplatesResource}
      useGet={useGetReplyTemplateQuery}
      useCreate={useCreateReplyTemplateMutation}
      useUpdate={useUpdateReplyTemplateMutation}
      useDelete={useDeleteReplyTemplateMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <ReplyTemplateFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
