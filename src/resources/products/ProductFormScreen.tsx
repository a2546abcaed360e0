import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetProductQuery,
  useUpdateProductMutation,
} from '../../../store/productsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { en } from '../../shared/messages';
import { productCreateSchema, productsResource, productUpdateSchema } from '../../shared/resources/products';
import { ROUTES } from '../../shared/routes';
import { toProductBody, toProductValues } from './productForm';
import { ProductFields } from './ProductFields';

const PRODUCT_SCHEMA = { create: productCreateSchema, update: productUpdateSchema };

export type ProductFormScreenProps = Record<string, never>;

/** /product/add and /product/{id}. */
export function ProductFormScreen(_props: ProductFormScreenProps) {
  const id = useRecordId();
  return (
    <ResourceFormPage
      key={id ?? 'add'}
      contract={productsResource}
      title={productsResource.item}
      crumb={(product) => product?.name ?? en.add}
      listPath={ROUTES.products}
      id={id}
      useGet={useGetProductQuery}
      useCreate={useCreateProductMutation}
      useUpdate={useUpdateProductMutation}
      useDelete={useDeleteProductMutation}
      schema={PRODUCT_SCHEMA}
      initialValues={toProductValues}
      toBody={toProductBody}
    >
      {(_formik, { item, readOnly }) => <ProductFields product={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
