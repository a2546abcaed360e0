import {
  useCreateCategoryMutation,
  useDeleteCategoryMutation,
  useGetCategoryQuery,
  useUpdateCategoryMutation,
} from '../../../store/categoriesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { en } from '../../shared/messages';
import {
  categoriesResource,
  categoryCreateSchema,
  categoryUpdateSchema,
  type Category,
} from '../../shared/resources/categories';
import { ROUTES } from '../../shared/routes';
import { taxonomyForm } from '../taxonomy/taxonomyForm';
import { CategoryFields } from './CategoryFields';

const CATEGORY_FORM = taxonomyForm<'image', Category>('image');
const CATEGORY_SCHEMA = { create: categoryCreateSchema, update: categoryUpdateSchema };

export type CategoryFormScreenProps = Record<string, never>;

/**
 * /product/category/add and /product/category/{id}. A category that products still name cannot be
 * deleted: the server answers 409 and its message is shown as a toast.
 */
export function CategoryFormScreen(_props: CategoryFormScreenProps) {
  const id = useRecordId();
  return (
    <ResourceFormPage
      key={id ?? 'add'}
      contract={categoriesResource}
      title={categoriesResource.item}
      section={en.product}
      crumb={(category) => category?.name ?? en.add}
      listPath={ROUTES.categories}
      id={id}
      useGet={useGetCategoryQuery}
      useCreate={useCreateCategoryMutation}
      useUpdate={useUpdateCategoryMutation}
      useDelete={useDeleteCategoryMutation}
      schema={CATEGORY_SCHEMA}
      initialValues={CATEGORY_FORM.toValues}
      toBody={CATEGORY_FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <CategoryFields category={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
