import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useGetUserQuery,
  useUpdateUserMutation,
} from '../../../store/usersApi';
import { useAuth } from '../../auth/AuthContext';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { en } from '../../shared/messages';
import { userCreateSchema, usersResource, userUpdateSchema } from '../../shared/resources/users';
import { ROUTES } from '../../shared/routes';
import { toUserBody, toUserValues } from './userForm';
import { UserFields } from './UserFields';

const USER_SCHEMA = { create: userCreateSchema, update: userUpdateSchema };

export type UserFormScreenProps = Record<string, never>;

/** /setting/user/add and /setting/user/{id}. The signed-in user can neither delete nor deactivate themselves. */
export function UserFormScreen(_props: UserFormScreenProps) {
  const id = useRecordId();
  const { user: me } = useAuth();
  const self = id !== undefined && id === me?.id;
  return (
    <ResourceFormPage
      key={id ?? 'add'}
      contract={usersResource}
      title={usersResource.item}
      section={en.setting}
      crumb={(user) => user?.name ?? en.add}
      listPath={ROUTES.users}
      id={id}
      useGet={useGetUserQuery}
      useCreate={useCreateUserMutation}
      useUpdate={useUpdateUserMutation}
      useDelete={useDeleteUserMutation}
      canDelete={(user) => user.id !== me?.id}
      schema={USER_SCHEMA}
      initialValues={toUserValues}
      toBody={toUserBody}
    >
      {(_formik, { item, readOnly }) => <UserFields user={item} self={self} disabled={readOnly} />}
    </ResourceFormPage>
  );
}
