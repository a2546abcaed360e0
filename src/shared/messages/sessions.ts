/**
 * The sessions page (Profile › Sessions, Users › a user › Sessions), its API answers and the
 * new-sign-in mail. Signed-in screens and the server only: kept out of messages.ts, which the
 * guest screens load. `{…}` placeholders are filled with `format`.
 */
export const SESSION_MESSAGES = {
  title: 'Sessions',
  intro: 'Where you are signed in. End a session you do not recognise, then change your password.',
  userIntro: 'Where this user is signed in.',
  browser: 'Browser',
  system: 'System',
  address: 'Address',
  signedIn: 'Signed in',
  lastUsed: 'Last used',
  current: 'This session',
  unknown: 'Unknown',
  endSession: 'End session',
  endSessionOf: 'End session: {browser} on {system}',
  endOthers: 'End all other sessions',
  endAll: 'End all sessions',
  confirmEndTitle: 'End this session?',
  confirmEndText: 'It is signed out at once, on every device and server.',
  confirmEndOthersTitle: 'End all other sessions?',
  confirmEndAllTitle: 'End all sessions of this user?',
  confirm: 'End',
  cancel: 'Cancel',
  ended: 'The session was ended',
  endedOthers: '{count} other sessions were ended',
  endedAll: '{count} sessions were ended',
  notFound: 'No such session',
  empty: 'No other sessions',
  // The mail on a sign-in from a browser and address not seen before
  newSignInSubject: '{app}: a new sign-in to your account',
  newSignInText:
    'Your {app} account was signed in to from {browser} on {system} at {ip} ({time}).\n\n' +
    'If this was you, there is nothing to do. If not, change your password at once and end that ' +
    'session in your profile (Profile › Sessions), then tell your administrator.',
} as const;
