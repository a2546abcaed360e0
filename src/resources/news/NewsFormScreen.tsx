import {
  useCreateNewsMutation,
  useDeleteNewsMutation,
  useGetNewsQuery,
  useUpdateNewsMutation,
} from '../../../store/newsApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { newsContent, newsResource, type News, type NewsCreateInput } from '../../shared/resources/news';
import { contentForm } from '../content/contentForm';
import { NewsFields } from './NewsFields';

/** The form's values and body (content.ts): an empty slug is made from the title by the server. */
const FORM = contentForm<News, NewsCreateInput>(newsContent);

export type NewsFormScreenProps = Record<string, never>;

/** /content/news/add and /content/news/{id}. */
export function NewsFormScreen(_props: NewsFormScreenProps) {
  return (
    <ResourceFormPage
      contract={newsResource}
      beside={(item) => <PreviewOnSite resource="news" id={item.id} />}
      useGet={useGetNewsQuery}
      useCreate={useCreateNewsMutation}
      useUpdate={useUpdateNewsMutation}
      useDelete={useDeleteNewsMutation}
      initialValues={FORM.toValues}
      toBody={FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <NewsFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
