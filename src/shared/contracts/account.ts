import * as yup from 'yup';
// First: the product's messages must be Yup's locale before the schemas below are built.
import '../yupLocale';
import type { User } from '../resources/users';
import type { FileObject } from '../resources/wire';
import { LABELS, t, validation } from '../messages';
import {
  DEFAULT_PREFERENCES,
  THEME_PREFERENCES,
  type ThemePreference,
  type UserPreferences,
} from '../preferences';
import { MAX_ID, NAME_MAX, PHONE_MAX } from '../limits';
import { newPasswordField } from '../passwordPolicy';

export type Status = 0 | 1;
export const STATUS = { active: 1, notActive: 0 } as const;

export { DEFAULT_PREFERENCES, THEME_PREFERENCES, type ThemePreference, type UserPreferences };

export type { FileObject };

/** A user as the API answers it (its wire schema, `userWire`, is in resources/users.ts). */
export type { User };

export interface TokenResponse {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** A domain of at least two non-empty labels, the last one (the top-level domain) two characters or more. */
const REAL_DOMAIN = /^(?:[^\s@.]+\.)+[^\s@.\d][^\s@.]+$/;

export const normalizeEmail = (value: string | null | undefined): string =>
  (value ?? '').trim().toLowerCase();

/**
 * The one e-mail rule: required, an address Yup accepts, with a real domain (`a@b` and `a@b.` are
 * refused: mail to them goes nowhere), at most NAME_MAX characters.
 */
export const emailField = () =>
  yup
    .string()
    .trim()
    .required(validation.required(LABELS.email))
    .email(validation.email(LABELS.email))
    // Only for what is otherwise an address: 'nope' gets one message, not two.
    .test(
      'email-domain',
      validation.email(LABELS.email),
      (value) => !value.includes('@') || REAL_DOMAIN.test(value.slice(value.lastIndexOf('@') + 1)),
    )
    .max(NAME_MAX, validation.max(LABELS.email, NAME_MAX));

const email = emailField;
const newPassword = newPasswordField;

const confirmation = () =>
  yup
    .string()
    .required(validation.required(LABELS.passwordConfirmation))
    .oneOf([yup.ref('password')], validation.confirmation(LABELS.passwordConfirmation));

/** Sign-in form: the e-mail goes to the token endpoint as `username`. */
export const loginSchema = yup.object({
  username: email(),
  password: yup.string().required(validation.required(LABELS.password)),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

export const profileSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(validation.required(LABELS.name))
    .max(NAME_MAX, validation.max(LABELS.name, NAME_MAX)),
  email: email(),
  phone_number: yup
    .string()
    .trim()
    .nullable()
    .defined()
    .max(PHONE_MAX, validation.max(LABELS.phoneNumber, PHONE_MAX))
    .matches(/^[+0-9 ()-]*$/, { message: validation.invalid(LABELS.phoneNumber), excludeEmptyString: true }),
  photo: yup.number().integer().positive().max(MAX_ID, validation.invalid(LABELS.photo)).nullable().defined(),
  /**
   * Asked for only when the e-mail changes (the sign-in address: whoever holds a session must not be
   * able to move the account to their own address). The context's `currentEmail` is the stored one.
   */
  current_password: yup
    .string()
    .optional()
    .test('current-password', validation.required(LABELS.currentPassword), function (value) {
      const current = (this.options.context as ProfileContext | undefined)?.currentEmail;
      return !current || normalizeEmail(this.parent.email) === normalizeEmail(current) || Boolean(value);
    }),
});
export type ProfileInput = yup.InferType<typeof profileSchema>;

/** What the profile schema needs to know: the e-mail the account has now. */
export interface ProfileContext {
  currentEmail: string;
}

/** Whether a profile edit changes the sign-in e-mail (then the current password is asked for). */
export const emailChanges = (email: string, currentEmail: string): boolean =>
  normalizeEmail(email) !== normalizeEmail(currentEmail);

export const changePasswordSchema = yup.object({
  current_password: yup.string().required(validation.required(LABELS.currentPassword)),
  // The current password again changes nothing (and would read "changed successfully").
  // Only a password given is compared (an empty one is told it is required, not that it is the same).
  password: newPassword(LABELS.password).test(
    'differs-from-current',
    t('passwordUnchanged', { item: LABELS.password }),
    (value, context) =>
      !value || value !== (context.parent as { current_password?: string }).current_password,
  ),
  password_confirmation: confirmation(),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;

export const forgotPasswordSchema = yup.object({ email: email() });
export type ForgotPasswordInput = yup.InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = yup.object({
  token: yup.string().required(validation.required(LABELS.token)),
  email: email(),
  password: newPassword(LABELS.password),
  password_confirmation: confirmation(),
});
export type ResetPasswordInput = yup.InferType<typeof resetPasswordSchema>;

export const preferencesSchema = yup.object({
  theme: yup
    .string<ThemePreference>()
    .required(validation.required(LABELS.theme))
    .oneOf(THEME_PREFERENCES, validation.invalid(LABELS.theme)),
});
export type PreferencesInput = yup.InferType<typeof preferencesSchema>;
