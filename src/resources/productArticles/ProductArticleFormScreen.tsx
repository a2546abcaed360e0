import {
  useCreateProductArticleMutation,
  useDeleteProductArticleMutation,
  useGetProductArticleQuery,
  useUpdateProductArticleMutation,
} from '../../../store/productArticlesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import {
  productArticlesResource,
  type ProductArticle,
  type ProductArticleCreateInput,
} from '../../shared/resources/productArticles';
import { ProductArticleFields } from './ProductArticleFields';
import { altBody, altValues, type AltValues } from '../../components/resource/fields/altText';

const TEXT = [
  'summary',
  'description_one',
  'description_two',
  'meta_title',
  'meta_description',
  'meta_keyword',
] as const;
const FILES = ['image', 'mobile_image'] as const;
type Text = (typeof TEXT)[number];
type Files = (typeof FILES)[number];

/** The form's values: text as strings ('' for none), files as ids, related products as ids. */
type ProductArticleValues = Record<Text, string> &
  AltValues<Files> &
  Record<Files, number | null> & {
    title: string;
    slug: string;
    date: string;
    products: number[];
    status: Status;
  };

const toValues = (item?: ProductArticle): ProductArticleValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  date: item?.date ?? '',
  products: item?.products.map((product) => product.id) ?? [],
  status: item?.status ?? STATUS.active,
  ...(Object.fromEntries(TEXT.map((key) => [key, item?.[key] ?? ''])) as Record<Text, string>),
  ...(Object.fromEntries(FILES.map((key) => [key, item?.[key]?.id ?? null])) as Record<Files, number | null>),
  ...altValues(FILES, item),
});

/** The request body: an empty slug is made from the title by the server; an empty text clears it. */
const toBody = (values: ProductArticleValues): ProductArticleCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  date: values.date,
  products: values.products,
  status: values.status,
  ...(Object.fromEntries(TEXT.map((key) => [key, values[key].trim() || null])) as Record<
    Text,
    string | null
  >),
  ...(Object.fromEntries(FILES.map((key) => [key, values[key]])) as Record<Files, number | null>),
  ...altBody(FILES, values),
});

export type ProductArticleFormScreenProps = Record<string, never>;

/** /content/product-article/add and /content/product-article/{id}. */
export function ProductArticleFormScreen(_props: ProductArticleFormScreenProps) {
  return (
    <ResourceFormPage
      contract={productArticlesResource}
      useGet={useGetProductArticleQuery}
      useCreate={useCreateProductArticleMutation}
      useUpdate={useUpdateProductArticleMutation}
      useDelete={useDeleteProductArticleMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { item, readOnly }) => <ProductArticleFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
