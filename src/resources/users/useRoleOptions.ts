import { useResourceOptions, type ResourceOptions } from '../../hooks/useResourceOptions';
import { rolesResource } from '../../shared/resources/roles';

/** Every role (`GET /api/roles/options`) for the user form's role select. */
export const useRoleOptions = (): ResourceOptions => useResourceOptions(rolesResource);
