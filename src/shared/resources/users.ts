import * as yup from 'yup';
import { emailField, type User } from '../contracts/account';
import { LABELS, validation } from '../messages';
import { MAX_ID, NAME_MAX, PHONE_MAX } from '../limits';
import { newPasswordField, passwordRules } from '../passwordPolicy';
import { importStatusField, optionalId, statusField } from './catalog';
import { defineResource, requiredText } from './resource';

export type { User };

export const usersResource = defineResource({
  key: 'users',
  group: 'users',
  tag: 'User',
  item: 'User',
  sortable: ['name', 'email', 'role', 'status', 'created_at', 'updated_at'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  statusFilter: true,
  dateFilter: true,
  filters: ['role_ids'],
  sheet: [
    { key: 'name', label: LABELS.name, import: true },
    { key: 'email', label: LABELS.email, import: true },
    { key: 'phone_number', label: LABELS.phoneNumber, import: true },
    { key: 'role', label: LABELS.role, import: true },
    { key: 'status', label: LABELS.status, import: true },
    { key: 'created_at', label: LABELS.createdAt, import: false },
  ],
  exportable: true,
  importable: true,
});

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
  status: statusField(),
  photo: optionalId(LABELS.photo),
};

/** Create: a password with its confirmation is required (the policy of passwordPolicy.ts, name and e-mail beside it). */
export const userCreateSchema = yup.object({
  ...base,
  // required first: an empty password reads 'Password is required', not the minimum length.
  password: newPasswordField(LABELS.password),
  password_confirmation: yup
    .string()
    .required(validation.required(LABELS.passwordConfirmation))
    .oneOf([yup.ref('password')], validation.confirmation(LABELS.passwordConfirmation)),
});

/** Update: the password is optional; when given, its confirmation must match. */
export const userUpdateSchema = yup.object({
  ...base,
  password: passwordRules(yup.string())
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
  status: importStatusField(),
});

export type UserCreateInput = yup.InferType<typeof userCreateSchema>;
export type UserUpdateInput = yup.InferType<typeof userUpdateSchema>;
export type UserImportRow = yup.InferType<typeof userImportRowSchema>;
