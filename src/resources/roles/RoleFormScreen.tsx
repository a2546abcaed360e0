import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useGetRoleQuery,
  useUpdateRoleMutation,
} from '../../../store/rolesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { rolesResource } from '../../shared/resources/roles';
import { toRoleBody, toRoleValues } from './roleForm';
import { RoleFields } from './RoleFields';

export type RoleFormScreenProps = Record<string, never>;

/** /setting/role/add and /setting/role/{id}. The Super Admin role keeps every permission and cannot be deleted. */
export function RoleFormScreen(_props: RoleFormScreenProps) {
  return (
    <ResourceFormPage
      contract={rolesResource}
      useGet={useGetRoleQuery}
      useCreate={useCreateRoleMutation}
      useUpdate={useUpdateRoleMutation}
      useDelete={useDeleteRoleMutation}
      canDelete={(role) => !role.is_super}
      // A role that grants nothing is most likely a slip: asked before it is saved.
      confirmSave={(values) =>
        values.permissions.length === 0
          ? { title: SETTINGS_MESSAGES.noPermissionsTitle, text: SETTINGS_MESSAGES.noPermissionsText }
          : null
      }
      initialValues={toRoleValues}
      toBody={toRoleBody}
    >
      {(_formik, { item, readOnly }) => (
        <RoleFields superRole={item?.is_super ? item.name : undefined} disabled={readOnly} />
      )}
    </ResourceFormPage>
  );
}
