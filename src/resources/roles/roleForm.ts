import type { Role, RoleCreateInput } from '../../shared/resources/roles';

export type RoleValues = {
  name: string;
  /** The granted permission ids. */
  permissions: number[];
  require_second_factor: boolean;
};

export const toRoleValues = (role?: Role): RoleValues => ({
  name: role?.name ?? '',
  permissions: role?.permissions.map((permission) => permission.id) ?? [],
  require_second_factor: role?.require_second_factor ?? false,
});

export const toRoleBody = (values: RoleValues): RoleCreateInput => ({
  name: values.name.trim(),
  permissions: values.permissions,
  require_second_factor: values.require_second_factor,
});
