import { productArticlesApi } from '../../../store/productArticlesApi';
import { listRows } from '../../components/resource/listRows';
import { productArticlesResource } from '../../shared/resources/productArticles';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const productArticleRows = listRows(
  productArticlesResource,
  productArticlesApi.endpoints.listProductArticles,
);
