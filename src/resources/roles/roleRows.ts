import { rolesApi } from '../../../store/rolesApi';
import { listRows } from '../../components/resource/listRows';
import { rolesResource } from '../../shared/resources/roles';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const roleRows = listRows(rolesResource, rolesApi.endpoints.listRoles);
