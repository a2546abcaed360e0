import {
  useImportProductArticlesMutation,
  useListProductArticlesQuery,
} from '../../../store/productArticlesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { productArticlesResource } from '../../shared/resources/productArticles';
import { productArticlesColumns } from './productArticlesColumns';

export type ProductArticleListScreenProps = Record<string, never>;

/** /content/product-article: the product article list, with the contract's filters. */
export function ProductArticleListScreen(_props: ProductArticleListScreenProps) {
  return (
    <ResourceListPage
      contract={productArticlesResource}
      useList={useListProductArticlesQuery}
      columns={productArticlesColumns}
      importMutation={useImportProductArticlesMutation}
    />
  );
}
