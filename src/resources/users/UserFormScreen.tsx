import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useGetUserQuery,
  useUpdateUserMutation,
} from '../../../store/usersApi';
import { useAuth } from '../../auth/AuthContext';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { usersResource } from '../../shared/resources/users';
import { toUserBody, toUserValues } from './userForm';
import { UserFields } from './UserFields';

export type UserFormScreenProps = Record<string, never>;

/** /setting/user/add and /setting/user/{id}. The signed-in user can neither delete nor deactivate themselves. */
export function UserFormScreen(_props: UserFormScreenProps) {
  const { user: me } = useAuth();
  return (
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
  );
}
