import {
  useCreatePromotionMutation,
  useDeletePromotionMutation,
  useGetPromotionQuery,
  useUpdatePromotionMutation,
} from '../../../store/promotionsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import {
  promotionsResource,
  type Promotion,
  type PromotionCreateInput,
} from '../../shared/resources/promotions';
import { PromotionFields } from './PromotionFields';
import { altBody, altValues, type AltValues } from '../../components/resource/fields/altText';

const TEXT = ['summary', 'description', 'link', 'meta_title', 'meta_description', 'meta_keyword'] as const;
const FILES = ['banner', 'image', 'mobile_image'] as const;
type Text = (typeof TEXT)[number];
type Files = (typeof FILES)[number];

/** The form's values: text and dates as strings ('' for none), files as ids. */
type PromotionValues = Record<Text, string> &
  AltValues<Files> &
  Record<Files, number | null> & {
    title: string;
    slug: string;
    date: string;
    end_date: string;
    status: Status;
  };

const toValues = (item?: Promotion): PromotionValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  date: item?.date ?? '',
  end_date: item?.end_date ?? '',
  status: item?.status ?? STATUS.active,
  ...(Object.fromEntries(TEXT.map((key) => [key, item?.[key] ?? ''])) as Record<Text, string>),
  ...(Object.fromEntries(FILES.map((key) => [key, item?.[key]?.id ?? null])) as Record<Files, number | null>),
  ...altValues(FILES, item),
});

/** The request body: an empty slug is made from the title by the server; an empty text or end clears it. */
const toBody = (values: PromotionValues): PromotionCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  date: values.date,
  end_date: values.end_date || null,
  status: values.status,
  ...(Object.fromEntries(TEXT.map((key) => [key, values[key].trim() || null])) as Record<
    Text,
    string | null
  >),
  ...(Object.fromEntries(FILES.map((key) => [key, values[key]])) as Record<Files, number | null>),
  ...altBody(FILES, values),
});

export type PromotionFormScreenProps = Record<string, never>;

/** /content/promotion/add and /content/promotion/{id}. */
export function PromotionFormScreen(_props: PromotionFormScreenProps) {
  return (
    <ResourceFormPage
      contract={promotionsResource}
      useGet={useGetPromotionQuery}
      useCreate={useCreatePromotionMutation}
      useUpdate={useUpdatePromotionMutation}
      useDelete={useDeletePromotionMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { item, readOnly }) => <PromotionFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
