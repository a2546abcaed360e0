import type { Role, RoleCreateInput } from '../../shared/resources/roles';

export type RoleValues = {
  name: string;
  /** The granted permission ids. */
  permissions: number[];
};

export const toRoleValues = (role?: Role): RoleValues => ({
  name: role?.name ?? '',
  permissions: role?.permissions.map((permission) => permission.id) ?? [],
});

export const toRoleBody = (values: RoleValues): RoleCreateInput => ({
  name: values.name.trim(),
  permissions: values.permissions,
});
