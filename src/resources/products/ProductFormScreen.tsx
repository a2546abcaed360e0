import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetProductQuery,
  useUpdateProductMutation,
} from '../../../store/productsApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { productsResource } from '../../shared/resources/products';
import { toProductBody, toProductValues } from './productForm';
import { ProductFields } from './ProductFields';

export type ProductFormScreenProps = Record<string, never>;

/** /product/add and /product/{id}. */
export function ProductFormScreen(_props: ProductFormScreenProps) {
  return (
    <ResourceFormPage
      contract={productsResource}
      beside={(item) => <PreviewOnSite resource="products" id={item.id} />}
      useGet={useGetProductQuery}
      useCreate={useCreateProductMutation}
      useUpdate={useUpdateProductMutation}
      useDelete={useDeleteProductMutation}
      initialValues={toProductValues}
      toBody={toProductBody}
    >
      {(_formik, { item, readOnly }) => <ProductFields product={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
