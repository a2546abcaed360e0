import {
  useCreateProductHighlightMutation,
  useDeleteProductHighlightMutation,
  useGetProductHighlightQuery,
  useUpdateProductHighlightMutation,
} from '../../../store/productHighlightsApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import {
  productHighlightsResource,
  type ProductHighlight,
  type ProductHighlightCreateInput,
} from '../../shared/resources/productHighlights';
import { ProductHighlightFields } from './ProductHighlightFields';

/** The form's values: text as strings ('' for none). */
type ProductHighlightValues = { title: string; slug: string; status: Status };

const toValues = (item?: ProductHighlight): ProductHighlightValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: ProductHighlightValues): ProductHighlightCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
});

export type ProductHighlightFormScreenProps = Record<string, never>;

/** /content/product-highlight/add and /content/product-highlight/{id}. */
export function ProductHighlightFormScreen(_props: ProductHighlightFormScreenProps) {
  return (
    <ResourceFormPage
      contract={productHighlightsResource}
      useGet={useGetProductHighlightQuery}
      useCreate={useCreateProductHighlightMutation}
      useUpdate={useUpdateProductHighlightMutation}
      useDelete={useDeleteProductHighlightMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <ProductHighlightFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
