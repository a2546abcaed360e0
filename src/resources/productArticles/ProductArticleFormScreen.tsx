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

/** The form's values: text as strings ('' for none). */
type ProductArticleValues = { title: string; slug: string; status: Status };

const toValues = (item?: ProductArticle): ProductArticleValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: ProductArticleValues): ProductArticleCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
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
      {(_formik, { readOnly }) => <ProductArticleFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
