import {
  useCreateNewsMutation,
  useDeleteNewsMutation,
  useGetNewsQuery,
  useUpdateNewsMutation,
} from '../../../store/newsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import { newsResource, type News, type NewsCreateInput } from '../../shared/resources/news';
import { NewsFields } from './NewsFields';

/** The form's values: text as strings ('' for none). */
type NewsValues = { title: string; slug: string; status: Status };

const toValues = (item?: News): NewsValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: NewsValues): NewsCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
});

export type NewsFormScreenProps = Record<string, never>;

/** /content/news/add and /content/news/{id}. */
export function NewsFormScreen(_props: NewsFormScreenProps) {
  return (
    <ResourceFormPage
      contract={newsResource}
      useGet={useGetNewsQuery}
      useCreate={useCreateNewsMutation}
      useUpdate={useUpdateNewsMutation}
      useDelete={useDeleteNewsMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <NewsFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
