import {
  useCreateNewsMutation,
  useDeleteNewsMutation,
  useGetNewsQuery,
  useUpdateNewsMutation,
} from '../../../store/newsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import { newsResource, type News, type NewsCreateInput } from '../../shared/resources/news';
import { altBody, altValues, type AltValues } from '../../components/resource/fields/altText';
import { NewsFields } from './NewsFields';

const TEXT = ['summary', 'description', 'meta_title', 'meta_description', 'meta_keyword'] as const;
const FILES = ['image', 'mobile_image', 'banner'] as const;

/** The form's values: text as strings ('' for none), files as ids. */
type NewsValues = Record<(typeof TEXT)[number], string> &
  Record<(typeof FILES)[number], number | null> &
  AltValues<(typeof FILES)[number]> & {
    title: string;
    slug: string;
    date: string;
    status: Status;
  };

const toValues = (item?: News): NewsValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  date: item?.date ?? '',
  status: item?.status ?? STATUS.active,
  ...(Object.fromEntries(TEXT.map((key) => [key, item?.[key] ?? ''])) as Record<
    (typeof TEXT)[number],
    string
  >),
  ...(Object.fromEntries(FILES.map((key) => [key, item?.[key]?.id ?? null])) as Record<
    (typeof FILES)[number],
    number | null
  >),
  ...altValues(FILES, item),
});

/** The request body: an empty slug is made from the title by the server; an empty text clears it. */
const toBody = (values: NewsValues): NewsCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  date: values.date,
  status: values.status,
  ...(Object.fromEntries(TEXT.map((key) => [key, values[key].trim() || null])) as Record<
    (typeof TEXT)[number],
    string | null
  >),
  ...(Object.fromEntries(FILES.map((key) => [key, values[key]])) as Record<
    (typeof FILES)[number],
    number | null
  >),
  ...altBody(FILES, values),
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
      {(_formik, { item, readOnly }) => <NewsFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
