import { subscribesApi } from '../../../store/subscribesApi';
import { listRows } from '../../components/resource/listRows';
import { subscribesResource } from '../../shared/resources/subscribes';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const subscribeRows = listRows(subscribesResource, subscribesApi.endpoints.listSubscribes);
