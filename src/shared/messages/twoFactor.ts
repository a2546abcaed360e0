/**
 * Two-factor sign-in's texts: the profile's "Two-factor sign-in" section, the sign-in's code step
 * and the server's answers about them. Kept out of messages.ts, which the guest screens load: the
 * code step is a lazy chunk. `{…}` placeholders are filled with `format`.
 */
export const TWO_FACTOR_MESSAGES = {
  // Server answers
  mfaRequired: 'Multifactor authentication required',
  invalidMfaToken: 'The sign-in has expired or was already completed; please sign in again.',
  invalidCode: 'The code is not valid.',
  invalidRecoveryCode: 'The recovery code is not valid.',
  missingMfaToken: 'Missing parameter: `mfa_token`',
  missingOtp: 'Missing parameter: `otp`',
  missingRecoveryCode: 'Missing parameter: `recovery_code`',
  alreadyEnrolled: 'Two-factor sign-in is already on; turn it off first to enrol another authenticator.',
  notEnrolled: 'Two-factor sign-in is not on.',
  noPendingEnrolment: 'Start the enrolment first.',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  codesRegenerated: 'New recovery codes were made; the old ones no longer work',
  resetDone:
    'Two-factor sign-in of the user was reset; they sign in with their password only until they enrol again',
  enrolmentRequired:
    'Your role requires a second factor: set up an authenticator app or a passkey before anything else.',
  resetOwn: 'Turn your own two-factor sign-in off in your profile.',
  passwordOrCode: 'Enter your current password or a code from your authenticator app.',
  // Field labels (also in 422 texts)
  code: 'Code',
  recoveryCode: 'Recovery code',
  // Sign-in step
  stepTitle: 'Two-factor sign-in',
  stepHelp: 'Enter the 6-digit code from your authenticator app.',
  recoveryHelp: 'Enter one of the recovery codes you saved when you turned two-factor sign-in on.',
  useRecoveryCode: 'Use a recovery code',
  useAuthenticator: 'Use a code from the authenticator app',
  verify: 'Verify',
  back: 'Back to sign-in',
  // The enrolment a role requires (issue 37)
  enrolmentTitle: 'Set up a second factor',
  enrolmentIntro:
    'Your role requires a second factor. Before you continue, set up an authenticator app or add a passkey: signing in will then ask for it.',
  enrolmentContinue: 'Continue to the dashboard',
  enrolmentPending: 'Continue becomes available once an authenticator app or a passkey is set up.',
  // Profile section
  sectionTitle: 'Two-factor sign-in',
  statusOn: 'On: signing in asks for a code from your authenticator app.',
  statusOff: 'Off: signing in asks for your password only.',
  recoveryLeft: 'Recovery codes left: {count}',
  enrol: 'Set up an authenticator app',
  enrolPasswordHelp: 'Enter your current password to start.',
  start: 'Continue',
  scanHelp:
    'Scan this QR code with your authenticator app, or enter the key below by hand, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Key for manual entry',
  confirm: 'Turn on',
  cancel: 'Cancel',
  codesTitle: 'Your recovery codes',
  codesHelp:
    'Each code signs you in once if you lose your authenticator app. Keep them somewhere safe: they are not shown again.',
  copyCodes: 'Copy',
  downloadCodes: 'Download',
  codesCopied: 'Recovery codes copied',
  codesDone: 'I have saved them',
  regenerate: 'New recovery codes',
  disable: 'Turn off',
  confirmWith: 'Confirm with your current password or a code from your authenticator app.',
  codesFileName: 'recovery-codes.txt',
} as const;
