import { useListRolesQuery } from '../../../store/rolesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { rolesResource } from '../../shared/resources/roles';
import { roleColumns } from './roleColumns';

export type RoleListScreenProps = Record<string, never>;

/** /setting/role: the roles with how many users hold each. */
export function RoleListScreen(_props: RoleListScreenProps) {
  return <ResourceListPage contract={rolesResource} useList={useListRolesQuery} columns={roleColumns} />;
}
