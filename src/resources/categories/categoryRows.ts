import { categoriesApi } from '../../../store/categoriesApi';
import { listRows } from '../../components/resource/listRows';
import { categoriesResource } from '../../shared/resources/categories';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const categoryRows = listRows(categoriesResource, categoriesApi.endpoints.listCategories);
