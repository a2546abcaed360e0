import { usersApi } from '../../../store/usersApi';
import { listRows } from '../../components/resource/listRows';
import { usersResource } from '../../shared/resources/users';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const userRows = listRows(usersResource, usersApi.endpoints.listUsers);
