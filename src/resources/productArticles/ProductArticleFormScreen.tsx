import {
  useCreateProductArticleMutation,
  useDeleteProductArticleMutation,
  useGetProductArticleQuery,
  useUpdateProductArticleMutation,
} from '../../../store/productArticlesApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import {
  productArticleContent,
  productArticlesResource,
  type ProductArticle,
  type ProductArticleCreateInput,
} from '../../shared/resources/productArticles';
import { contentForm } from '../content/contentForm';
import { ProductArticleFields } from './ProductArticleFields';

/** The form's values and body (content.ts), with the related products as ids. */
const FORM = contentForm<ProductArticle, ProductArticleCreateInput>(productArticleContent, {
  toValues: (item) => ({ products: item?.products.map((product) => product.id) ?? [] }),
  toBody: (values) => ({ products: values.products }),
});

export type ProductArticleFormScreenProps = Record<string, never>;

/** /content/product-article/add and /content/product-article/{id}. */
export function ProductArticleFormScreen(_props: ProductArticleFormScreenProps) {
  return (
    <ResourceFormPage
      contract={productArticlesResource}
      beside={(item) => <PreviewOnSite resource="product-articles" id={item.id} />}
      useGet={useGetProductArticleQuery}
      useCreate={useCreateProductArticleMutation}
      useUpdate={useUpdateProductArticleMutation}
      useDelete={useDeleteProductArticleMutation}
      initialValues={FORM.toValues}
      toBody={FORM.toBody}
    >
      {(_formik, { item, readOnly }) => <ProductArticleFields item={item} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
