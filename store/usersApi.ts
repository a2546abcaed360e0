import { usersResource } from '../src/shared/resources/users';
import { api } from './api';
import { importEndpoint, resourceEndpoints } from './resourceApi';

/** The users slice (`/api/users`): list, item, writes and the spreadsheet import. */
export const usersApi = api.enhanceEndpoints({ addTagTypes: [usersResource.tag] }).injectEndpoints({
  endpoints: (build) => {
    const users = resourceEndpoints(build, usersResource);
    return {
      listUsers: users.list,
      getUser: users.get,
      createUser: users.create,
      updateUser: users.update,
      deleteUser: users.remove,
      importUsers: importEndpoint(build, usersResource),
    };
  },
});

export const {
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useImportUsersMutation,
} = usersApi;
