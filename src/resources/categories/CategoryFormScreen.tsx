import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoryQuery,
  useUpdateCategoryMutation,
} from '../../../store/categoriesApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { categoriesResource, type Category } from '../../shared/resources/categories';
import { taxonomyForm } from '../taxonomy/taxonomyForm';
import { CategoryFields } from './CategoryFields';

const FORM = taxonomyForm<'image', Category>('image');

export type CategoryFormScreenProps = Record<string, never>;

/**
 * /product/category/add and /product/category/{id}. A category that products still name cannot be
 * deleted: the server answers 409 and its message is shown as a toast.
 */
export function CategoryFormScreen(_props: CategoryFormScreenProps) {
  return (
    <ResourceFormPage
      contract={categoriesResource}
      beside={(item) => <PreviewOnSite resource="categories" id={item.id} />}
      useGet={useGetCategoryQuery}
      useCreate={useCreateCategoryMutation}
      useUpdate={useUpdateCategoryMutation}
      useDelete={useDeleteCategoryMutation}
      initialValues={FORM.toValues}
      toBody={FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <CategoryFields category={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
