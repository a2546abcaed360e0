import { useListProductArticlesQuery } from '../../../store/productArticlesApi';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { LABELS } from '../../shared/messages';
import {
  productArticleContent,
  productArticlesResource,
  type ProductArticle,
} from '../../shared/resources/productArticles';
import { productsResource } from '../../shared/resources/products';
import { SITE_PATHS } from '../../shared/resources/seo';
import { OptionMultiSelect } from '../options/OptionMultiSelect';
import { ContentFields } from '../content/ContentFields';

export interface ProductArticleFieldsProps {
  /** The article being edited (its files and products); absent on add. */
  item?: ProductArticle;
  /** Read-only: the user may see the article but not save it. */
  disabled?: boolean;
}

/** A product article's fields, shared by add and detail: general with its products, content, images, SEO. */
export function ProductArticleFields({ item, disabled }: ProductArticleFieldsProps) {
  const products = useResourceOptions(productsResource).options;
  return (
    <ContentFields
      content={productArticleContent}
      useList={useListProductArticlesQuery}
      site={{ path: SITE_PATHS.productArticles, itemName: productArticlesResource.item }}
      item={item}
      disabled={disabled}
      related={
        <OptionMultiSelect
          name="products"
          label={LABELS.products}
          options={products}
          current={item?.products}
          disabled={disabled}
        />
      }
    />
  );
}
