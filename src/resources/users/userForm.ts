import { STATUS, type Status } from '../../shared/contracts/account';
import type { User, UserCreateInput } from '../../shared/resources/users';

/** The user form's values: text as strings ('' for none), the role unset ('') until picked. */
export type UserValues = {
  name: string;
  email: string;
  phone_number: string;
  role_id: number | '';
  status: Status;
  photo: number | null;
  password: string;
  password_confirmation: string;
};

export const toUserValues = (user?: User): UserValues => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  phone_number: user?.phone_number ?? '',
  role_id: user?.role?.id ?? '',
  status: user?.status ?? STATUS.active,
  photo: user?.photo?.id ?? null,
  password: '',
  password_confirmation: '',
});

/** The request body; on update an empty password means "keep the current one" (the contract drops ''). */
export const toUserBody = (values: UserValues): UserCreateInput => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone_number: values.phone_number.trim() || null,
  role_id: Number(values.role_id),
  status: values.status,
  photo: values.photo,
  password: values.password,
  password_confirmation: values.password_confirmation,
});
