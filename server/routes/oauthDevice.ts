import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEVICE_COOKIE,
  REMEMBER_DEVICE_DAYS,
  REMEMBER_DEVICE_FIELD,
} from '../../src/shared/contracts/rememberedDevices';
import { API_PATHS } from '../../src/shared/routes';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { now } from '../lib/clock';
import { randomToken, sha256 } from '../lib/crypto';
import { deviceContext, type DeviceContext } from '../oauth/rememberedDevice';
import { saveRememberedDevice } from '../repositories/rememberedDevices';
import { actorById, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';

const MAX_AGE_SECONDS = REMEMBER_DEVICE_DAYS * 24 * 60 * 60;

export const rememberDeviceProperty = {
  [REMEMBER_DEVICE_FIELD]: {
    type: 'string',
    enum: ['true', 'false'],
    description:
      `Second-factor grants: 'true' remembers this browser for ${REMEMBER_DEVICE_DAYS} days (an HttpOnly cookie on this path); ` +
      'a password grant from it then skips mfa_required',
  },
} as const;

/**
 * The token route's part of "remember this device": the browser's cookie is handed to the password
 * check (oauth/rememberedDevice.ts) for the request's time, and a second step sent with
 * `remember_device=true` sets a new one. HttpOnly, SameSite=Strict, only on the token path, Secure
 * when PUBLIC_URL is https; the server keeps its SHA-256 and the expiry, never the cookie's word.
 */
export function rememberedDeviceSignIn(db: Db, config: Pick<Config, 'publicUrl'>) {
  const cookieOptions = {
    path: API_PATHS.token,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.publicUrl.startsWith('https:'),
  };

  return {
    /** Runs a token request with the device token at hand (password grants only; '' otherwise). */
    async run<T>(request: FastifyRequest, passwordGrant: boolean, issue: () => Promise<T>) {
      const token = passwordGrant ? (parseCookies(request.headers.cookie ?? '')[DEVICE_COOKIE] ?? '') : '';
      const context: DeviceContext = { token, usedId: null };
      const result = await deviceContext.run(context, issue);
      if (context.usedId !== null)
        securityEvent(request.log, 'sign-in.remembered-device', { deviceId: context.usedId, ip: request.ip });
      return { result, usedDevice: context.usedId };
    },

    /** After a good second step: remembers the browser when asked (a new token and cookie each time). */
    async remember(
      request: FastifyRequest,
      reply: FastifyReply,
      body: Record<string, string>,
      userId: number,
    ) {
      if (body[REMEMBER_DEVICE_FIELD] !== 'true') return;
      const token = randomToken(32);
      const at = now();
      const id = await saveRememberedDevice(db, {
        userId,
        tokenHash: sha256(token),
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
        ip: request.ip,
        expiresAt: new Date(at + MAX_AGE_SECONDS * 1000),
      });
      const actor = await actorById(db, userId);
      await recordAudit(db, {
        kind: 'device.remembered',
        actor,
        resource: 'users',
        recordId: userId,
        summary: `${actor?.email ?? `user ${userId}`} had this device remembered for ${REMEMBER_DEVICE_DAYS} days`,
        details: { device_id: id },
      });
      securityEvent(request.log, 'device.remembered', { userId, deviceId: id, ip: request.ip });
      reply.header(
        'Set-Cookie',
        serializeCookie(DEVICE_COOKIE, token, { ...cookieOptions, maxAge: MAX_AGE_SECONDS }),
      );
    },
  };
}
