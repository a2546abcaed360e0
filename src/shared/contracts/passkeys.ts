import * as yup from 'yup';
import '../yupLocale';
import { LABELS, validation } from '../messages';
import { PASSKEY_MESSAGES as M } from '../messages/passkeys';

/** The signed-in user's own passkeys (Profile › Passkeys). */
export const PASSKEY_PATHS = {
  list: '/api/account/passkeys',
  registrationOptions: '/api/account/passkeys/options',
  /** Guest: the options of a passkey sign-in (any discoverable passkey), for the SPA's client. */
  signInOptions: '/api/passkeys/sign-in-options',
  /** Guest: the options of the second step with a passkey, for an `mfa_token`. */
  secondFactorOptions: '/api/passkeys/second-factor-options',
} as const;

export const passkeyPath = (id: number | string): string => `${PASSKEY_PATHS.list}/${id}`;

export const PASSKEY_NAME_MAX = 60;
/** How many passkeys one account may register. */
export const PASSKEYS_PER_USER = 10;

export interface Passkey {
  id: number;
  name: string;
  /** Synced between devices (multiDevice) or on this one only. */
  synced: boolean;
  created_at: string;
  last_used_at: string | null;
}

export const registrationOptionsSchema = yup.object({
  current_password: yup.string().required(validation.required(LABELS.currentPassword)),
});

export const passkeyNameField = () =>
  yup
    .string()
    .trim()
    .required(validation.required(M.name))
    .max(PASSKEY_NAME_MAX, validation.max(M.name, PASSKEY_NAME_MAX));

/** The browser's answer to the registration options, and the name the user gave it. */
export const registerPasskeySchema = yup.object({
  name: passkeyNameField(),
  // Checked by the server as WebAuthn JSON (an object schema here would strip its unknown keys).
  response: yup.mixed<Record<string, unknown>>().required(validation.required(M.response)),
});

export const removePasskeySchema = registrationOptionsSchema;
