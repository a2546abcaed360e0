import * as yup from 'yup';
import type { HttpMethod } from '../permissions';
import { LABELS, validation } from '../messages';
import { MAX_ID, NAME_MAX } from '../limits';
import { Type, type Static } from '@sinclair/typebox';
import { ROUTES } from '../routes';
import { auditGroup } from './fields';
import { CREATED_DATE_FILTER, defineResource, requiredText } from './resource';
import { IdSchema } from './wire';

export const ROLE_LABELS = {
  permissions: 'Permissions',
  requireSecondFactor: 'Require a second factor',
} as const;

/** A permission as the catalogue (`GET /api/permissions`) and a role read it. */
export const permissionWire = Type.Object({
  id: IdSchema,
  name: Type.String({ description: 'group.action' }),
  method: Type.Unsafe<HttpMethod>({ type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE'] }),
});
export type Permission = Static<typeof permissionWire>;

export const roleWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  is_super: Type.Boolean({
    description: 'The seeded Super Admin role: it always holds every permission and cannot be deleted',
  }),
  permissions: Type.Array(permissionWire),
  require_second_factor: Type.Boolean({
    description:
      'Its users enrol an authenticator app or a passkey at their next sign-in: until then every call but enrolling answers 403 `mfa_enrolment_required`',
  }),
  users_count: Type.Integer({ description: 'Users holding the role; one in use cannot be deleted' }),
  ...auditGroup.wire,
});
export type Role = Static<typeof roleWire>;

const base = {
  name: requiredText(LABELS.name, NAME_MAX),
  permissions: yup
    .array(
      yup.number().integer().positive().max(MAX_ID, validation.invalid(ROLE_LABELS.permissions)).required(),
    )
    .typeError(validation.invalid(ROLE_LABELS.permissions))
    .required(validation.required(ROLE_LABELS.permissions))
    .default([]),
  require_second_factor: yup
    .boolean()
    .typeError(validation.invalid(ROLE_LABELS.requireSecondFactor))
    .default(false),
};

export const roleCreateSchema = yup.object(base);
export const roleUpdateSchema = yup.object({ ...base, updated_at: yup.string().required() });

export const rolesResource = defineResource({
  key: 'roles',
  group: 'roles',
  tag: 'Role',
  item: 'Role',
  route: ROUTES.roles,
  titleField: 'name',
  sortable: ['name', 'users_count', 'created_at', 'updated_at'],
  defaultSort: { sort: 'name', order: 'asc' },
  dateField: 'created_at',
  filters: { date: CREATED_DATE_FILTER },
  exportable: false,
  importable: false,
  /** A user's form and the users' role filter pick roles. */
  options: { readers: ['users'] },
  wire: roleWire,
  input: { create: roleCreateSchema, update: roleUpdateSchema },
});

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
