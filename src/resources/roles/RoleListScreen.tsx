import { useListRolesQuery } from '../../../store/rolesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { en } from '../../shared/messages';
import { rolesResource } from '../../shared/resources/roles';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { roleColumns } from './roleColumns';

export type RoleListScreenProps = Record<string, never>;

/** /setting/role: the roles with how many users hold each. */
export function RoleListScreen(_props: RoleListScreenProps) {
  return (
    <ResourceListPage
      contract={rolesResource}
      title={rolesResource.item}
      section={en.setting}
      useList={useListRolesQuery}
      columns={roleColumns}
      addPath={addPath(ROUTES.roles)}
      rowPath={(row) => itemPath(ROUTES.roles, row.id)}
    />
  );
}
