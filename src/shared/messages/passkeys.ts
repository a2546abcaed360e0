/**
 * Passkeys' texts: the profile's "Passkeys" section, the sign-in's passkey button and step, and the
 * server's answers about them. Out of messages.ts, which the guest screens load: the passkey parts
 * of /login are lazy chunks (its button says messages/passkeySignIn.ts). `{…}` placeholders are filled with `format`.
 */
import { PASSKEY_SIGN_IN } from './passkeySignIn';

export const PASSKEY_MESSAGES = {
  // Server answers
  notAccepted: 'The passkey was not accepted.',
  missingAssertion: 'Missing parameter: `assertion`',
  invalidAssertion: 'Invalid parameter: `assertion`',
  registrationFailed: 'The passkey could not be registered; please try again.',
  challengeExpired: 'The passkey request has expired; please try again.',
  tooMany: 'You have registered the most passkeys one account may have ({max}); remove one first.',
  registered: 'The passkey {name} was added',
  removed: 'The passkey {name} was removed',
  notFound: 'Passkey not found.',
  noPasskeys: 'This account has no passkey.',
  // Field labels (also in 422 texts)
  name: 'Name',
  response: 'Passkey response',
  // Sign-in
  signIn: PASSKEY_SIGN_IN,
  usePasskey: 'Use a passkey',
  passkeyHelp: 'Use the passkey you registered for this account.',
  browserRefused: 'The passkey sign-in was cancelled or is not possible in this browser.',
  unsupported: 'This browser cannot use passkeys.',
  // Profile section
  sectionTitle: 'Passkeys',
  sectionHelp:
    'A passkey signs you in with your device’s screen lock or a security key instead of a code, and can be the whole sign-in.',
  none: 'No passkeys yet.',
  add: 'Add a passkey',
  addPasswordHelp: 'Enter your current password, then name the passkey and follow your browser.',
  create: 'Create passkey',
  remove: 'Remove',
  removeTitle: 'Remove the passkey {name}?',
  removeHelp: 'Enter your current password to remove it. It no longer signs you in.',
  cancel: 'Cancel',
  synced: 'Synced',
  thisDeviceOnly: 'This device only',
  added: 'Added {date}',
  lastUsed: 'Last used {date}',
  neverUsed: 'Never used',
  listLabel: 'Your passkeys',
} as const;
