import { promotionsApi } from '../../../store/promotionsApi';
import { listRows } from '../../components/resource/listRows';
import { promotionsResource } from '../../shared/resources/promotions';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const promotionRows = listRows(promotionsResource, promotionsApi.endpoints.listPromotions);
