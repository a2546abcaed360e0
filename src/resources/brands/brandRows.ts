import { brandsApi } from '../../../store/brandsApi';
import { listRows } from '../../components/resource/listRows';
import { brandsResource } from '../../shared/resources/brands';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const brandRows = listRows(brandsResource, brandsApi.endpoints.listBrands);
