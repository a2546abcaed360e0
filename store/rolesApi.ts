import { rolesResource, type Permission } from '../src/shared/resources/roles';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

/** The cache tag of the permission catalogue. */
const PERMISSION_TAG = 'Permission';

/** The roles slice (`/api/roles`) and the permission catalogue. */
export const rolesApi = api
  .enhanceEndpoints({ addTagTypes: [rolesResource.tag, PERMISSION_TAG] })
  .injectEndpoints({
    endpoints: (build) => {
      const roles = resourceEndpoints(build, rolesResource);
      return {
        listRoles: roles.list,
        getRole: roles.get,
        createRole: roles.create,
        updateRole: roles.update,
        deleteRole: roles.remove,
        // The permission catalogue the role matrix is drawn from (API contract: Resources).
        listPermissions: build.query<Permission[], void>({
          query: () => API_PATHS.permissions,
          transformResponse: (response: { data: Permission[] }) => response.data,
          providesTags: [PERMISSION_TAG],
        }),
      };
    },
  });

export const {
  useListRolesQuery,
  useGetRoleQuery,
  useCreateRoleMutation,
  useUpdateRoleMutation,
  useDeleteRoleMutation,
  useListPermissionsQuery,
} = rolesApi;
