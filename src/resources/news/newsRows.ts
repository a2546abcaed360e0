import { newsApi } from '../../../store/newsApi';
import { listRows } from '../../components/resource/listRows';
import { newsResource } from '../../shared/resources/news';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const newsRows = listRows(newsResource, newsApi.endpoints.listNews);
