import * as yup from 'yup';
import { Type, type Static } from '@sinclair/typebox';
import { emailField, THEME_PREFERENCES, type UserPreferences } from '../contracts/account';
import { LABELS, validation } from '../messages';
import { MAX_ID, NAME_MAX, PHONE_MAX } from '../limits';
import { newPasswordField, passwordRules } from '../passwordPolicy';
import { STORAGE_KEYS } from '../storageKeys';
import { ROUTES } from '../routes';
import { optionalId } from './catalog';
import { auditGroup, statusGroup } from './fields';
import {
  CREATED_DATE_FILTER,
  defineResource,
  idsFilter,
  requiredText,
  STATUS_BULK_EDIT,
  STATUS_FILTER,
} from './resource';
import { rolesResource } from './roles';
import { IdSchema, NullableFile, NullableObject, NullableText, RefSchema } from './wire';

/**
 * A user as the API answers it (API contract: Objects): the account call, the users list and
 * detail. The wire schema is the one source of both the serialiser's schema and the `User` type.
 */
export const userWire = Type.Object({
  id: IdSchema,
  name: Type.String(),
  email: Type.String(),
  phone_number: NullableText(),
  ...statusGroup.wire,
  role: NullableObject(RefSchema),
  photo: NullableFile(),
  permissions: Type.Array(Type.String(), { description: 'The permission keys the role grants' }),
  ...auditGroup.wire,
  /** Only in the signed-in user's own answers (`/api/account`), never in the users list. */
  preferences: Type.Optional(
    Type.Object({
      theme: Type.Unsafe<UserPreferences['theme']>({ type: 'string', enum: [...THEME_PREFERENCES] }),
    }),
  ),
  /**
   * Only in `GET /api/account`, and only when true: the role requires a second factor and the user
   * has none yet, so every other call answers 403 `mfa_enrolment_required` (issue 37).
   */
  second_factor_due: Type.Optional(Type.Boolean()),
});
export type User = Static<typeof userWire>;

const email = emailField();

const base = {
  name: requiredText(LABELS.name, NAME_MAX),
  email,
  phone_number: yup
    .string()
    .trim()
    .nullable()
    .default(null)
    .max(PHONE_MAX, validation.max(LABELS.phoneNumber, PHONE_MAX))
    .matches(/^[+0-9 ()-]*$/, { message: validation.invalid(LABELS.phoneNumber), excludeEmptyString: true }),
  role_id: yup
    .number()
    .typeError(validation.required(LABELS.role))
    .integer()
    .positive(validation.invalid(LABELS.role))
    .max(MAX_ID, validation.invalid(LABELS.role))
    .required(validation.required(LABELS.role)),
  ...statusGroup.fields(),
  photo: optionalId(LABELS.photo),
};

/** Create: a password with its confirmation is required (the policy of passwordPolicy.ts, name and e-mail beside it). */
export const userCreateSchema = yup.object({
  ...base,
  // required first: an empty password reads 'Password is required', not the minimum length.
  password: newPasswordField(LABELS.password, 'user'),
  password_confirmation: yup
    .string()
    .required(validation.required(LABELS.passwordConfirmation))
    .oneOf([yup.ref('password')], validation.confirmation(LABELS.passwordConfirmation)),
});

/** Update: the password is optional; when given, its confirmation must match. */
export const userUpdateSchema = yup.object({
  ...base,
  password: passwordRules(yup.string(), LABELS.password, 'user')
    .optional()
    .transform((value: string | undefined) => (value === '' ? undefined : value)),
  password_confirmation: yup
    .string()
    .optional()
    .when('password', {
      is: (value: string | undefined) => Boolean(value),
      then: (schema) =>
        schema
          .required(validation.required(LABELS.passwordConfirmation))
          .oneOf([yup.ref('password')], validation.confirmation(LABELS.passwordConfirmation)),
    }),
  updated_at: yup.string().required(),
});

/** One spreadsheet row of a user import: the role is named, not numbered; imported users set their password through the reset flow. */
export const userImportRowSchema = yup.object({
  name: base.name,
  email,
  phone_number: base.phone_number,
  role: yup.string().trim().required(validation.required(LABELS.role)),
  ...statusGroup.importFields(),
});

export type UserCreateInput = yup.InferType<typeof userCreateSchema>;
export type UserUpdateInput = yup.InferType<typeof userUpdateSchema>;
export type UserImportRow = yup.InferType<typeof userImportRowSchema>;

export const usersResource = defineResource({
  key: 'users',
  group: 'users',
  tag: 'User',
  item: 'User',
  route: ROUTES.users,
  titleField: 'name',
  sortable: ['name', 'email', 'role', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    status: STATUS_FILTER,
    date: CREATED_DATE_FILTER,
    role_ids: idsFilter(LABELS.role, rolesResource, STORAGE_KEYS.filterRoles),
  },
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    { key: 'email', label: LABELS.email, import: true },
    { key: 'phone_number', label: LABELS.phoneNumber, import: true },
    { key: 'role', label: LABELS.role, import: true },
    ...statusGroup.sheet,
    ...auditGroup.sheet,
  ],
  exportable: true,
  importable: true,
  /** The audit log's user filter picks from them. */
  options: { readers: ['audit-logs'] },
  wire: userWire,
  bulkEdit: STATUS_BULK_EDIT,
  input: { create: userCreateSchema, update: userUpdateSchema },
});
