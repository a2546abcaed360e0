import {
  useCreatePromotionMutation,
  useDeletePromotionMutation,
  useGetPromotionQuery,
  useUpdatePromotionMutation,
} from '../../../store/promotionsApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import {
  promotionContent,
  promotionsResource,
  type Promotion,
  type PromotionCreateInput,
} from '../../shared/resources/promotions';
import { contentForm } from '../content/contentForm';
import { PromotionFields } from './PromotionFields';

/** The form's values and body (content.ts): an empty text or end date clears it. */
const FORM = contentForm<Promotion, PromotionCreateInput>(promotionContent);

export type PromotionFormScreenProps = Record<string, never>;

/** /content/promotion/add and /content/promotion/{id}. */
export function PromotionFormScreen(_props: PromotionFormScreenProps) {
  return (
    <ResourceFormPage
      contract={promotionsResource}
      beside={(item) => <PreviewOnSite resource="promotions" id={item.id} />}
      useGet={useGetPromotionQuery}
      useCreate={useCreatePromotionMutation}
      useUpdate={useUpdatePromotionMutation}
      useDelete={useDeletePromotionMutation}
      initialValues={FORM.toValues}
      toBody={FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <PromotionFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
