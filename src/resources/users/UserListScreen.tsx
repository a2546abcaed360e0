import { useMemo } from 'react';
import { useImportUsersMutation, useListUsersQuery } from '../../../store/usersApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import type { ListFilterConfig } from '../../components/resource/types';
import { en, LABELS } from '../../shared/messages';
import { usersResource } from '../../shared/resources/users';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { optionFilter } from '../options/optionFilter';
import { userColumns } from './userColumns';
import { useRoleOptions } from './useRoleOptions';

const ROLE_FILTER = { param: 'role_ids', label: LABELS.role, storageKey: STORAGE_KEYS.filterRoles };

export type UserListScreenProps = Record<string, never>;

/**
 * /setting/user: the users, filtered by role (options from `GET /api/roles/options`, open to the
 * users keys) besides status and date.
 */
export function UserListScreen(_props: UserListScreenProps) {
  const { allowed: rolesAllowed, options: roles } = useRoleOptions();
  const filters = useMemo<ListFilterConfig[]>(
    () => optionFilter(ROLE_FILTER, rolesAllowed, roles),
    [rolesAllowed, roles],
  );
  return (
    <ResourceListPage
      contract={usersResource}
      title={usersResource.item}
      section={en.setting}
      useList={useListUsersQuery}
      columns={userColumns}
      filters={filters}
      addPath={addPath(ROUTES.users)}
      rowPath={(row) => itemPath(ROUTES.users, row.id)}
      importMutation={useImportUsersMutation}
    />
  );
}
