/** The /login button's words, alone: the guest screens do not load the rest of messages/passkeys.ts. */
export const PASSKEY_SIGN_IN = 'Sign in with a passkey';
