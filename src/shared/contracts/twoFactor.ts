import * as yup from 'yup';
import '../yupLocale';
import { LABELS, validation } from '../messages';
import { TWO_FACTOR_MESSAGES as M } from '../messages/twoFactor';

/** The account's two-factor routes (the signed-in user's own). */
export const TWO_FACTOR_PATHS = {
  status: '/api/account/two-factor',
  confirm: '/api/account/two-factor/confirm',
  recoveryCodes: '/api/account/two-factor/recovery-codes',
} as const;

/** An administrator's reset of a user's authenticator app and recovery codes (users.update). */
export const userTwoFactorPath = (id: number | string): string => `/api/users/${id}/two-factor`;

export type { MfaRequiredAnswer, SecondFactorProof } from './mfaGrant';
export { MFA_GRANTS } from './mfaGrants';

export const RECOVERY_CODE_COUNT = 10;

export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
}

export interface EnrolmentStart {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a QR code, an SVG data URL. */
  qr_code: string;
}

export interface RecoveryCodes {
  recovery_codes: string[];
}

/** A 6-digit authenticator code (spaces allowed, as apps show "123 456"). */
export const otpField = () =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
    .required(validation.required(M.code))
    .matches(/^\d{6}$/, validation.invalid(M.code));

/** A recovery code: letters and digits, in groups the user may type with or without dashes. */
export const recoveryCodeField = () =>
  yup
    .string()
    .trim()
    .required(validation.required(M.recoveryCode))
    .max(64, validation.invalid(M.recoveryCode));

export const enrolStartSchema = yup.object({
  current_password: yup.string().required(validation.required(LABELS.currentPassword)),
});

export const enrolConfirmSchema = yup.object({ code: otpField() });

/** Turning off or regenerating: the current password, or a code from the app. */
export const factorProofSchema = yup
  .object({
    current_password: yup.string().optional(),
    code: yup
      .string()
      .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
      .optional()
      .matches(/^\d{6}$/, { message: validation.invalid(M.code), excludeEmptyString: true }),
  })
  .test('password-or-code', M.passwordOrCode, function test(value) {
    if (value.current_password || value.code) return true;
    return this.createError({ path: 'current_password', message: M.passwordOrCode });
  });
export type FactorProof = yup.InferType<typeof factorProofSchema>;

/** Sign-in's code step: the app's code, or a recovery code. */
export const otpStepSchema = yup.object({ otp: otpField() });
export const recoveryStepSchema = yup.object({ recovery_code: recoveryCodeField() });
