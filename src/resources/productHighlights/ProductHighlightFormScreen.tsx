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
import { altBody, altValues, type AltValues } from '../../components/resource/fields/altText';
import { ProductHighlightFields } from './ProductHighlightFields';

const IMAGES = ['image', 'mobile_image'] as const;

/** The form's values: text as strings ('' for none), the product unset ('') until picked, files as ids. */
export type ProductHighlightValues = {
  title: string;
  description: string;
  link: string;
  product_id: number | '';
  position: number | '';
  image: number | null;
  mobile_image: number | null;
  status: Status;
} & AltValues<(typeof IMAGES)[number]>;

export const toHighlightValues = (item?: ProductHighlight): ProductHighlightValues => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
  link: item?.link ?? '',
  product_id: item?.product?.id ?? '',
  position: item?.position ?? '',
  image: item?.image?.id ?? null,
  mobile_image: item?.mobile_image?.id ?? null,
  ...altValues(IMAGES, item),
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty position puts a new highlight last; an empty text clears it. */
export const toHighlightBody = (values: ProductHighlightValues): ProductHighlightCreateInput => ({
  title: values.title.trim(),
  description: values.description.trim() || null,
  link: values.link.trim() || null,
  product_id: values.product_id === '' ? null : values.product_id,
  position: values.position === '' ? null : Number(values.position),
  image: values.image,
  mobile_image: values.mobile_image,
  ...altBody(IMAGES, values),
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
      initialValues={toHighlightValues}
      toBody={toHighlightBody}
    >
      {(_formik, { item, readOnly }) => <ProductHighlightFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
