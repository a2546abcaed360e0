import { Type, type Static } from '@sinclair/typebox';

/** "Remember this device" (30 days) after a second factor: the cookie, the token request's field, the routes. */
export const REMEMBERED_DEVICE_PATHS = {
  list: '/api/account/two-factor/devices',
  one: (id: number | string): string => `/api/account/two-factor/devices/${id}`,
  /** A user's (holders of users.update): list, and DELETE for all. */
  user: (userId: number | string): string => `/api/users/${userId}/two-factor/devices`,
  userOne: (userId: number | string, id: number | string): string =>
    `/api/users/${userId}/two-factor/devices/${id}`,
} as const;

/** The HttpOnly cookie holding a remembered device's token; sent to the token route only. */
export const DEVICE_COOKIE = 'remembered_device';

/** The second-factor grants' body field asking to remember this browser ('true'). */
export const REMEMBER_DEVICE_FIELD = 'remember_device';

export const REMEMBER_DEVICE_DAYS = 30;

/**
 * A remembered device as Profile › Remembered devices lists it: the browser and system read from
 * the User-Agent it was remembered with, the address, when it was remembered, last skipped the
 * second step, and when it runs out.
 */
export const rememberedDeviceWire = Type.Object({
  id: Type.Integer(),
  browser: Type.String({ description: 'Browser name and version, from the User-Agent ("" when unknown)' }),
  system: Type.String({ description: 'Operating system, from the User-Agent ("" when unknown)' }),
  ip: Type.String(),
  remembered_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'The last sign-in it skipped the second step of (null: none yet)',
  }),
  expires_at: Type.String({ format: 'date-time' }),
});
export type RememberedDevice = Static<typeof rememberedDeviceWire>;
