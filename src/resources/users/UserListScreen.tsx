import { useImportUsersMutation, useListUsersQuery } from '../../../store/usersApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { usersResource } from '../../shared/resources/users';
import { userColumns } from './userColumns';

export type UserListScreenProps = Record<string, never>;

/** /setting/user: the users, filtered by status, created date and role (the contract's filters). */
export function UserListScreen(_props: UserListScreenProps) {
  return (
    <ResourceListPage
      contract={usersResource}
      useList={useListUsersQuery}
      columns={userColumns}
      importMutation={useImportUsersMutation}
    />
  );
}
