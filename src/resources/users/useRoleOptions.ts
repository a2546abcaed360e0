import { useListRolesQuery } from '../../../store/rolesApi';
import type { Role } from '../../shared/resources/roles';

/** Every role in one page (the API's largest page size), by name. */
const ROLE_OPTIONS_PARAMS = { per_page: 100, sort: 'name', order: 'asc' } as const;

/** The roles a user can be given, for the role select and the list's role filter; undefined while loading. */
export function useRoleOptions(): Role[] | undefined {
  return useListRolesQuery(ROLE_OPTIONS_PARAMS).data?.data;
}
