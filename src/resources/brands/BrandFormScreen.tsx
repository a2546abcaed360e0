import {
  useCreateBrandMutation,
  useDeleteBrandMutation,
  useGetBrandQuery,
  useUpdateBrandMutation,
} from '../../../store/brandsApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { brandsResource, type Brand } from '../../shared/resources/brands';
import { taxonomyForm } from '../taxonomy/taxonomyForm';
import { BrandFields } from './BrandFields';

const FORM = taxonomyForm<'logo', Brand>('logo');

export type BrandFormScreenProps = Record<string, never>;

/**
 * /product/brand/add and /product/brand/{id}. A brand that products still name cannot be
 * deleted: the server answers 409 and its message is shown as a toast.
 */
export function BrandFormScreen(_props: BrandFormScreenProps) {
  return (
    <ResourceFormPage
      contract={brandsResource}
      beside={(item) => <PreviewOnSite resource="brands" id={item.id} />}
      useGet={useGetBrandQuery}
      useCreate={useCreateBrandMutation}
      useUpdate={useUpdateBrandMutation}
      useDelete={useDeleteBrandMutation}
      initialValues={FORM.toValues}
      toBody={FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <BrandFields brand={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
