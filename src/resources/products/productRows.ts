import { productsApi } from '../../../store/productsApi';
import { listRows } from '../../components/resource/listRows';
import { productsResource } from '../../shared/resources/products';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const productRows = listRows(productsResource, productsApi.endpoints.listProducts);
