import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import './yupLocale';
import { organisationNames, PASSWORD_MAX, passwordMinLength } from './limits';
import { LABELS, t, validation } from './messages';

/**
 * The one password policy (OWASP ASVS 2.1): at least PASSWORD_MIN_LENGTH characters (12 unless
 * configured), at most 128, not one of the most common passwords (the list of zxcvbn-ts), and not
 * containing the owner's name or the local part of their e-mail, nor the company's or the product's
 * name. The SPA's forms and the server validate with the same schema fields.
 */

export { passwordMinLength, setOrganisationNames, setPasswordMinLength } from './limits';

/** Who a password belongs to, as far as the form or the server knows. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** Validation context that names the owner when the form itself has no name or e-mail field. */
export interface PasswordContext {
  owner?: PasswordOwner;
}

const PERSONAL_MIN = 3;

/** The e-mail's local part and each word of the name, lower-cased; short pieces are ignored. */
export function personalParts(owner: PasswordOwner): string[] {
  const local = (owner.email ?? '').trim().toLowerCase().split('@')[0] ?? '';
  const words = (owner.name ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return [...new Set([local, ...words])].filter((part) => part.length >= PERSONAL_MIN);
}

export const containsPersonal = (password: string, owner: PasswordOwner): boolean => {
  const lower = password.toLowerCase();
  return personalParts(owner).some((part) => lower.includes(part));
};

/** Letters and digits only, lower-cased: "Acme Widgets" and "acme-widgets!" compare alike. */
const letters = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Whether the password holds one of the organisation's names (APP_NAME, the company's), compared on
 * letters and digits alone, so spaces, case and punctuation do not hide it. Names shorter than
 * three letters are ignored.
 */
export const containsOrganisation = (
  password: string,
  names: readonly string[] = organisationNames(),
): boolean => {
  const lower = letters(password);
  return names.some((name) => {
    const part = letters(name);
    return part.length >= PERSONAL_MIN && lower.includes(part);
  });
};

let common: Promise<ReadonlySet<string>> | undefined;

/** The common-password list, loaded on first use (its own chunk in the SPA). */
const commonPasswords = (): Promise<ReadonlySet<string>> =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  ));

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

const ownerOf = (parent: unknown, context: unknown): PasswordOwner => {
  const fields = (parent ?? {}) as PasswordOwner;
  const given = (context as PasswordContext | undefined)?.owner ?? {};
  return { email: fields.email ?? given.email, name: fields.name ?? given.name };
};

/**
 * The policy's rules on a string field (required or not: an empty value passes them, the field's
 * own `required` decides). Siblings `email` and `name` name the owner, or the context's `owner`.
 */
export function passwordRules<S extends yup.StringSchema<string | undefined>>(
  schema: S,
  label: string = LABELS.password,
  owner: 'self' | 'user' = 'self',
): S {
  // An administrator's form sets someone else's password: the name and e-mail are that user's.
  const personal = owner === 'self' ? 'passwordPersonal' : 'passwordPersonalOfUser';
  return schema
    .test(
      'password-min',
      () => validation.min(label, passwordMinLength()),
      (value) => !value || value.length >= passwordMinLength(),
    )
    .max(PASSWORD_MAX, validation.max(label, PASSWORD_MAX))
    .test('password-personal', t(personal, { item: label }), function (value) {
      return !value || !containsPersonal(value, ownerOf(this.parent, this.options.context));
    })
    .test(
      'password-organisation',
      t('passwordOrganisation', { item: label }),
      (value) => !value || !containsOrganisation(value),
    )
    .test(
      'password-common',
      t('passwordTooCommon', { item: label }),
      async (value) => !value || value.length < passwordMinLength() || !(await isCommonPassword(value)),
    );
}

/** A required new password under the policy (`user`: set by an administrator for another user). */
export const newPasswordField = (label: string = LABELS.password, owner: 'self' | 'user' = 'self') =>
  passwordRules(yup.string().required(validation.required(label)), label, owner);
