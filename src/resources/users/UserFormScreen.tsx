import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useGetUserQuery,
  useUpdateUserMutation,
} from '../../../store/usersApi';
import { useAuth } from '../../auth/AuthContext';
import Stack from '@mui/material/Stack';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { RememberedDevicesSection } from '../../screens/profile/RememberedDevicesSection';
import { SessionsPanel } from '../../screens/sessions/SessionsPanel';
import { hasPermission } from '../../shared/permissions';
import { can } from '../../shared/resources/resource';
import { usersResource } from '../../shared/resources/users';
import { toUserBody, toUserValues } from './userForm';
import { UserFields } from './UserFields';

export type UserFormScreenProps = Record<string, never>;

/**
 * /setting/user/add and /setting/user/{id}. The signed-in user can neither delete nor deactivate
 * themselves. Below an existing user, holders of users.update see and end the user's sessions
 * and forget their remembered devices.
 */
export function UserFormScreen(_props: UserFormScreenProps) {
  const { user: me } = useAuth();
  const id = useRecordId();
  const sessions = id !== undefined && hasPermission(me?.permissions, can(usersResource, 'update'));
  return (
    <Stack spacing={3}>
      <ResourceFormPage
        contract={usersResource}
        useGet={useGetUserQuery}
        useCreate={useCreateUserMutation}
        useUpdate={useUpdateUserMutation}
        useDelete={useDeleteUserMutation}
        canDelete={(user) => user.id !== me?.id}
        initialValues={toUserValues}
        toBody={toUserBody}
      >
        {(_formik, { item, readOnly }) => (
          <UserFields user={item} self={item !== undefined && item.id === me?.id} disabled={readOnly} />
        )}
      </ResourceFormPage>
      {sessions && <SessionsPanel userId={id} />}
      {sessions && <RememberedDevicesSection userId={id} />}
    </Stack>
  );
}
