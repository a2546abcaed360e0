import {
  useCreateRoleMutation,
  useDeleteRoleMutation,
  useGetRoleQuery,
  useUpdateRoleMutation,
} from '../../../store/rolesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { en } from '../../shared/messages';
import { roleCreateSchema, rolesResource, roleUpdateSchema } from '../../shared/resources/roles';
import { ROUTES } from '../../shared/routes';
import { toRoleBody, toRoleValues } from './roleForm';
import { RoleFields } from './RoleFields';

const ROLE_SCHEMA = { create: roleCreateSchema, update: roleUpdateSchema };

export type RoleFormScreenProps = Record<string, never>;

/** /setting/role/add and /setting/role/{id}. The Super Admin role keeps every permission and cannot be deleted. */
export function RoleFormScreen(_props: RoleFormScreenProps) {
  const id = useRecordId();
  return (
    <ResourceFormPage
      key={id ?? 'add'}
      contract={rolesResource}
      title={rolesResource.item}
      section={en.setting}
      crumb={(role) => role?.name ?? en.add}
      listPath={ROUTES.roles}
      id={id}
      useGet={useGetRoleQuery}
      useCreate={useCreateRoleMutation}
      useUpdate={useUpdateRoleMutation}
      useDelete={useDeleteRoleMutation}
      canDelete={(role) => !role.is_super}
      schema={ROLE_SCHEMA}
      initialValues={toRoleValues}
      toBody={toRoleBody}
    >
      {(_formik, { item, readOnly }) => (
        <RoleFields superRole={item?.is_super ? item.name : undefined} disabled={readOnly} />
      )}
    </ResourceFormPage>
  );
}
