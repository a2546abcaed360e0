import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../db/client';
import { now } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { touchRememberedDevice } from '../repositories/rememberedDevices';

/**
 * The remembered-device token of the browser making this token request (its HttpOnly cookie), handed
 * from the token route to the model's password check, which the library calls without the request.
 * `usedId` is set when the token let a sign-in skip the second factor (for the audit log).
 */
export interface DeviceContext {
  token: string;
  usedId: number | null;
}

export const deviceContext = new AsyncLocalStorage<DeviceContext>();

/**
 * Whether this browser is a remembered device of the user: the cookie's token matches an unexpired
 * row of that user (checked on the server, never on the cookie's own expiry). A right password is
 * still needed to get here: the token alone signs nobody in.
 */
export async function rememberedDeviceSkips(db: Db, userId: number): Promise<boolean> {
  const context = deviceContext.getStore();
  if (!context?.token) return false;
  const id = await touchRememberedDevice(db, userId, sha256(context.token), new Date(now()));
  context.usedId = id;
  return id !== null;
}
