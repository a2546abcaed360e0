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

/** The form's values: text as strings ('' for none). */
type PromotionValues = { title: string; slug: string; status: Status };

const toValues = (item?: Promotion): PromotionValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: PromotionValues): PromotionCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
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
      {(_formik, { readOnly }) => <PromotionFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
