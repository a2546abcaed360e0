import {
  useCreateBrandMutation,
  useDeleteBrandMutation,
  useGetBrandQuery,
  useUpdateBrandMutation,
} from '../../../store/brandsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { en } from '../../shared/messages';
import {
  brandCreateSchema,
  brandsResource,
  brandUpdateSchema,
  type Brand,
} from '../../shared/resources/brands';
import { ROUTES } from '../../shared/routes';
import { taxonomyForm } from '../taxonomy/taxonomyForm';
import { BrandFields } from './BrandFields';

const BRAND_FORM = taxonomyForm<'logo', Brand>('logo');
const BRAND_SCHEMA = { create: brandCreateSchema, update: brandUpdateSchema };

export type BrandFormScreenProps = Record<string, never>;

/**
 * /product/brand/add and /product/brand/{id}. A brand that products still name cannot be deleted:
 * the server answers 409 and its message is shown as a toast.
 */
export function BrandFormScreen(_props: BrandFormScreenProps) {
  const id = useRecordId();
  return (
    <ResourceFormPage
      key={id ?? 'add'}
      contract={brandsResource}
      title={brandsResource.item}
      section={en.product}
      crumb={(brand) => brand?.name ?? en.add}
      listPath={ROUTES.brands}
      id={id}
      useGet={useGetBrandQuery}
      useCreate={useCreateBrandMutation}
      useUpdate={useUpdateBrandMutation}
      useDelete={useDeleteBrandMutation}
      schema={BRAND_SCHEMA}
      initialValues={BRAND_FORM.toValues}
      toBody={BRAND_FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <BrandFields brand={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
