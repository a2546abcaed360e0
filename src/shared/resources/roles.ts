import * as yup from 'yup';
import type { HttpMethod } from '../permissions';
import { LABELS, validation } from '../messages';
import { MAX_ID, NAME_MAX } from '../limits';
import { defineResource, requiredText } from './resource';

export const ROLE_LABELS = { permissions: 'Permissions' } as const;

export const rolesResource = defineResource({
  key: 'roles',
  group: 'roles',
  tag: 'Role',
  item: 'Role',
  sortable: ['name', 'users_count', 'created_at', 'updated_at'],
  defaultSort: { sort: 'name', order: 'asc' },
  statusFilter: false,
  dateFilter: true,
  filters: [],
  exportable: false,
  importable: false,
  /** A user's form and the users' role filter pick roles. */
  options: { readers: ['users'] },
});

/** A permission as the catalogue (`GET /api/permissions`) and a role read it. */
export interface Permission {
  id: number;
  name: string;
  method: HttpMethod;
}

export interface Role {
  id: number;
  name: string;
  /** The seeded Super Admin role: it always holds every permission and cannot be deleted. */
  is_super: boolean;
  permissions: Permission[];
  users_count: number;
  created_at: string;
  updated_at: string;
}

const base = {
  name: requiredText(LABELS.name, NAME_MAX),
  permissions: yup
    .array(
      yup.number().integer().positive().max(MAX_ID, validation.invalid(ROLE_LABELS.permissions)).required(),
    )
    .typeError(validation.invalid(ROLE_LABELS.permissions))
    .required(validation.required(ROLE_LABELS.permissions))
    .default([]),
};

export const roleCreateSchema = yup.object(base);
export const roleUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export type RoleCreateInput = yup.InferType<typeof roleCreateSchema>;
export type RoleUpdateInput = yup.InferType<typeof roleUpdateSchema>;

/** The role matrix (spec §3): one row per group with dashes shown as spaces, one column per method. */
export interface PermissionMatrix {
  methods: HttpMethod[];
  rows: { group: string; label: string; cells: Partial<Record<HttpMethod, number>> }[];
}

const METHOD_ORDER: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE'];

export function permissionMatrix(catalogue: readonly Permission[]): PermissionMatrix {
  const rows = new Map<string, PermissionMatrix['rows'][number]>();
  const methods = new Set<HttpMethod>();
  for (const permission of catalogue) {
    const group = permission.name.split('.')[0];
    const row = rows.get(group) ?? { group, label: group.replace(/-/g, ' '), cells: {} };
    row.cells[permission.method] = permission.id;
    rows.set(group, row);
    methods.add(permission.method);
  }
  return { methods: METHOD_ORDER.filter((method) => methods.has(method)), rows: [...rows.values()] };
}
