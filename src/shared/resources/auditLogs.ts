import { Type, type Static } from '@sinclair/typebox';
import { LABELS } from '../messages';
import { PERMISSION_GROUPS, type PermissionGroup } from '../permissions';
import { ROUTES } from '../routes';
import { dateRangeFilter, defineResource, enumFilter, idsFilter } from './resource';
import { usersResource } from './users';
import { IdSchema, Nullable, TimestampSchema } from './wire';

/**
 * The audit log (Setting › Audit Log): security and administration events, append-only. The event
 * kinds are keyed here once; the server writes them (server/security/audit.ts), the list filters
 * and labels them. Its strings live in this module, which only the signed-in audit screen and the
 * server import (never the guest screens).
 */

export const AUDIT_KIND_LABELS = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'password.changed': 'Password changed',
  'password.reset-requested': 'Password reset requested',
  'password.reset': 'Password reset',
  'token.reused': 'Token reuse detected',
  'two-factor.enabled': 'Two-factor sign-in turned on',
  'two-factor.disabled': 'Two-factor sign-in turned off',
  'two-factor.recovery-codes': 'New recovery codes',
  'two-factor.reset': 'Two-factor sign-in reset',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'session.ended': 'Session ended',
  'device.remembered': 'Device remembered',
  'device.forgotten': 'Remembered device forgotten',
  'sso.linked': 'Linked to single sign-on',
  'user.created': 'User created',
  'user.changed': 'User changed',
  'user.deactivated': 'User deactivated',
  'user.deleted': 'User deleted',
  'role.created': 'Role created',
  'role.changed': 'Role changed',
  'role.deleted': 'Role deleted',
  'company.changed': 'Company settings changed',
  'inbox.changed': 'Inbox settings changed',
  'inbox.block-list-changed': 'Inbox block list changed',
  'contact.not-spam': 'Message marked as not spam',
  'website-key.created': 'Website key created',
  'website-key.revoked': 'Website key revoked',
  'preview.created': 'Preview link created',
  'preview.revoked': 'Preview link revoked',
  'contact.assigned': 'Message assigned',
  'contact.purged': 'Old messages purged',
  'privacy.exported': "A person's data exported",
  'privacy.erased': "A person's data erased",
  'media.replaced': 'File replaced',
  'media.deleted': 'File deleted',
  import: 'Import',
  'bulk-edit': 'Bulk edit',
  'bulk-edit.undone': 'Bulk edit undone',
  export: 'Export',
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as AuditKind[];
export const AUDIT_KIND_OPTIONS = AUDIT_KINDS.map((value) => ({ value, label: AUDIT_KIND_LABELS[value] }));

export const AUDIT_LABELS = {
  title: 'Audit Log',
  time: 'Time',
  event: 'Event',
  user: 'User',
  ip: 'IP Address',
  resource: 'Resource',
  record: 'Record',
  summary: 'Summary',
  details: 'Details',
  view: 'View',
  noDetails: 'No further details.',
  deletedRecord: 'no longer exists',
  close: 'Close',
} as const;

/** The resource an entry concerns: a permission group (`users`, `products`, `settings` …). */
export const AUDIT_RESOURCES = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/** `product-articles` → `Product articles`. */
export const resourceLabel = (group: string): string => {
  const words = group.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const AUDIT_RESOURCE_OPTIONS = AUDIT_RESOURCES.map((value) => ({
  value,
  label: resourceLabel(value),
}));

/** What an entry's details may hold (plain JSON: names, counts, field names; never a secret). */
export type AuditDetails = Record<string, string | number | boolean | null | string[]>;

export const auditLogWire = Type.Object({
  id: IdSchema,
  created_at: TimestampSchema,
  kind: Type.Unsafe<AuditKind>({ type: 'string', enum: [...AUDIT_KINDS] }),
  actor_id: Nullable(Type.Integer({ description: 'The user who acted; null once deleted, or none' })),
  actor_name: Nullable(Type.String({ description: "The actor's name at the time" })),
  actor_email: Nullable(Type.String({ description: "The actor's e-mail at the time (or the one tried)" })),
  ip: Nullable(Type.String()),
  resource: Nullable(Type.String({ description: 'The permission group the entry concerns' })),
  record_id: Nullable(Type.Integer()),
  record_exists: Type.Boolean({ description: 'Whether the record still exists (so it can be opened)' }),
  summary: Type.String(),
  details: Type.Unsafe<AuditDetails>({ type: 'object', additionalProperties: true }),
});
export type AuditLogEntry = Static<typeof auditLogWire>;

export const auditLogsResource = defineResource({
  key: 'auditLogs',
  group: 'audit-logs',
  tag: 'AuditLog',
  item: AUDIT_LABELS.title,
  route: ROUTES.auditLog,
  titleField: 'summary',
  sortable: ['created_at', 'kind', 'actor_name', 'resource'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    user_ids: idsFilter(AUDIT_LABELS.user, usersResource),
    kinds: enumFilter({ label: AUDIT_LABELS.event, options: AUDIT_KIND_OPTIONS }),
    resources: enumFilter({ label: AUDIT_LABELS.resource, options: AUDIT_RESOURCE_OPTIONS }),
    date: dateRangeFilter(AUDIT_LABELS.time),
  },
  sheet: [
    { key: 'created_at', label: AUDIT_LABELS.time, import: false },
    { key: 'kind', label: AUDIT_LABELS.event, import: false },
    { key: 'actor_name', label: AUDIT_LABELS.user, import: false },
    { key: 'actor_email', label: LABELS.email, import: false },
    { key: 'ip', label: AUDIT_LABELS.ip, import: false },
    { key: 'resource', label: AUDIT_LABELS.resource, import: false },
    { key: 'record_id', label: AUDIT_LABELS.record, import: false },
    { key: 'summary', label: AUDIT_LABELS.summary, import: false },
    { key: 'details', label: AUDIT_LABELS.details, import: false },
  ],
  exportable: true,
  importable: false,
  wire: auditLogWire,
  input: {},
});
