import { pagesApi } from '../../../store/pagesApi';
import { listRows } from '../../components/resource/listRows';
import { pagesResource } from '../../shared/resources/pages';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const pageRows = listRows(pagesResource, pagesApi.endpoints.listPages);
