/**
 * "Remember this device" (the sign-in's code step, Profile › Remembered devices) and its API
 * answers. Loaded with the code step and the profile only: kept out of messages.ts, which the
 * guest screens load. `{…}` placeholders are filled with `format`.
 */
export const REMEMBERED_DEVICE_MESSAGES = {
  rememberDevice: 'Remember this device for 30 days',
  rememberDeviceHelp: 'This browser will not ask for a second factor again; your password still will.',
  title: 'Remembered devices',
  intro:
    'Browsers that skip the second step of your sign-in for 30 days. Forget one you do not recognise; ' +
    'changing your password forgets them all.',
  userIntro: 'Browsers where this user skips the second step of the sign-in.',
  browser: 'Browser',
  system: 'System',
  address: 'Address',
  rememberedAt: 'Remembered',
  lastUsed: 'Last used',
  expires: 'Expires',
  never: 'Not yet',
  unknown: 'Unknown',
  forget: 'Forget',
  forgetOf: 'Forget device: {browser} on {system}',
  forgetAll: 'Forget all',
  confirmForgetTitle: 'Forget this device?',
  confirmForgetAllTitle: 'Forget all remembered devices?',
  confirmForgetText: 'The next sign-in there asks for the second factor again.',
  confirm: 'Forget',
  cancel: 'Cancel',
  forgotten: 'The device was forgotten',
  forgottenAll: '{count} devices were forgotten',
  notFound: 'No such remembered device',
  empty: 'No remembered devices',
} as const;
