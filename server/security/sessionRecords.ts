import type { FastifyInstance, FastifyRequest } from 'fastify';
import { format } from '../../src/shared/messages';
import { SESSION_MESSAGES } from '../../src/shared/messages/sessions';
import type { Config } from '../config';
import { parseUserAgent, recordSignIn, touchSession } from '../repositories/sessions';
import { actorById } from './audit';
import { securityEvent } from './events';

/** The user and sign-in family a token was issued to (the OAuth model's "user"). */
interface IssuedTo {
  id: number;
  familyId: string;
}

const issuedTo = (user: unknown): IssuedTo | null => {
  const candidate = user as Partial<IssuedTo> | null;
  return candidate && typeof candidate.id === 'number' && typeof candidate.familyId === 'string'
    ? { id: candidate.id, familyId: candidate.familyId }
    : null;
};

/**
 * What the sessions page knows of a token just issued: a refresh marks its session used; any other
 * grant is a sign-in, recorded with its browser and address, and one from a browser and address the
 * user never signed in from before (not their first sign-in) is told to them by mail.
 */
export async function recordIssuedToken(
  app: FastifyInstance,
  config: Config,
  request: FastifyRequest,
  grantType: string,
  user: unknown,
): Promise<void> {
  const to = issuedTo(user);
  if (!to) return;
  const now = new Date();
  if (grantType === 'refresh_token') {
    await touchSession(app.db, to.familyId, now);
    return;
  }
  const userAgent = request.headers['user-agent'] ?? '';
  const { newDevice } = await recordSignIn(app.db, {
    familyId: to.familyId,
    userId: to.id,
    userAgent,
    ip: request.ip,
    now,
  });
  if (!newDevice) return;
  const account = await actorById(app.db, to.id);
  if (!account) return;
  const { browser, system } = parseUserAgent(userAgent);
  securityEvent(request.log, 'sign-in.new-device', { userId: to.id, ip: request.ip });
  const fill = {
    app: config.appName,
    browser: browser || SESSION_MESSAGES.unknown,
    system: system || SESSION_MESSAGES.unknown,
    ip: request.ip,
    time: now.toISOString(),
  };
  await app.sendMail({
    to: account.email,
    subject: format(SESSION_MESSAGES.newSignInSubject, fill),
    text: format(SESSION_MESSAGES.newSignInText, fill),
  });
}
