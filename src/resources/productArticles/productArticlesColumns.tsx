import { listColumns } from '../../components/resource/listColumns';
import { LABELS } from '../../shared/messages';
import {
  productArticleContent,
  productArticlesResource,
  type ProductArticle,
} from '../../shared/resources/productArticles';
import { contentColumns } from '../content/contentColumns';

/** The product article list's columns: the image beside the title, the products, the date (content.ts). */
export const productArticlesColumns = listColumns(
  productArticlesResource,
  contentColumns<ProductArticle>(productArticleContent, (row) => row.image, [
    {
      field: 'products',
      headerName: LABELS.products,
      flex: 1,
      minWidth: 160,
      sortable: false,
      valueGetter: (_value, row) => row.products.map((product) => product.name).join(', '),
    },
  ]),
);
