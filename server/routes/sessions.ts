import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { format } from '../../src/shared/messages';
import { SESSION_MESSAGES } from '../../src/shared/messages/sessions';
import { PERMISSIONS } from '../../src/shared/permissions';
import { sessionWire } from '../../src/shared/contracts/sessions';
import { can } from '../../src/shared/resources/resource';
import { usersResource } from '../../src/shared/resources/users';
import { API_PATHS } from '../../src/shared/routes';
import { MessageSchema } from '../../src/shared/resources/wire';
import type { Tx } from '../db/client';
import { HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import type { AuthUser } from '../repositories/tokens';
import { revokeFamily } from '../repositories/tokens';
import { liveFamilies, liveSessionFamily, liveSessions, parseUserAgent } from '../repositories/sessions';
import { actorById, actorOf, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { assertMayManageUser } from '../security/grants';
import { authErrors, bearer } from './schemas';

const listAnswer = Type.Object({ data: Type.Array(sessionWire) });
const endedAnswer = Type.Object({ data: Type.Object({ ended: Type.Integer() }), message: Type.String() });
const sessionParams = Type.Object({ id: Type.String({ description: 'The session id' }) });
const userParams = Type.Object({ userId: Type.String({ description: 'The user id' }) });
const userSessionParams = Type.Object({ userId: Type.String(), id: Type.String() });

const notFound = () => new HttpError(404, SESSION_MESSAGES.notFound);

/** A positive 32-bit id from a path segment, or 404 (as for a session that is not there). */
const idIn = (value: string): number => {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2 ** 31 - 1) throw notFound();
  return Number(value);
};

/**
 * The sessions page's routes: the caller's own sessions (any signed-in user), and a user's (holders
 * of users.update, not a user holding more than them; audited). A session another user's, ended,
 * or made up answers 404 alike: nobody learns which ids exist. Ending one revokes its token family,
 * which the auth plugin has every instance drop at once (security/sessionBus.ts), as a sign-out.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = app.requirePermission(PERMISSIONS.any);
  const mayUpdateUsers = app.requirePermission(can(usersResource, 'update'));

  /** Ends the sessions of `families` of `userId`, with one audit entry each, in one transaction. */
  const end = async (
    request: FastifyRequest,
    userId: number,
    families: { familyId: string; userAgent?: string }[],
  ) => {
    const actor = currentUser(request);
    const now = new Date();
    await app.db.transaction(async (tx: Tx) => {
      const owner = actor.id === userId ? actorOf(actor) : await actorById(tx, userId);
      for (const { familyId, userAgent } of families) {
        await revokeFamily(tx, familyId, now);
        const where = userAgent ? describe(userAgent) : '';
        await recordAudit(tx, {
          kind: 'session.ended',
          actor: actorOf(actor),
          resource: 'users',
          recordId: userId,
          summary:
            actor.id === userId
              ? `${actor.email} ended one of their sessions${where}`
              : `${actor.email} ended a session of ${owner?.email ?? `user ${userId}`}${where}`,
        });
      }
    });
    securityEvent(request.log, 'session.ended', {
      userId,
      by: actor.id,
      count: families.length,
      ip: request.ip,
    });
  };

  const userOf = async (request: FastifyRequest, actor: AuthUser): Promise<number> => {
    const userId = idIn((request.params as { userId: string }).userId);
    // Not a user holding more than the caller (the grant rules of the users' edit).
    await assertMayManageUser(app.db, actor, userId);
    return userId;
  };

  const ownFamily = (actor: AuthUser, userId: number) => (actor.id === userId ? actor.familyId : null);

  app.get(
    API_PATHS.accountSessions,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user’s sessions',
        security: bearer,
        response: { 200: listAnswer, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { data: await liveSessions(app.db, user.id, new Date(), user.familyId) };
    },
  );

  app.delete(
    `${API_PATHS.accountSessions}/:id`,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'End one of the signed-in user’s sessions',
        description: 'Its tokens are revoked at once on every instance. 404 for a session not the caller’s.',
        security: bearer,
        params: sessionParams,
        response: { 200: MessageSchema, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = idIn((request.params as { id: string }).id);
      const session = await liveSessionFamily(app.db, user.id, id, new Date());
      if (!session) throw notFound();
      await end(request, user.id, [session]);
      return { message: SESSION_MESSAGES.ended };
    },
  );

  app.post(
    API_PATHS.accountSessionsEndOthers,
    {
      preValidation: signedIn,
      schema: {
        tags: ['account'],
        summary: 'End every session of the signed-in user but this one',
        security: bearer,
        response: { 200: endedAnswer, ...authErrors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const families = await liveFamilies(app.db, user.id, new Date(), user.familyId);
      if (families.length)
        await end(
          request,
          user.id,
          families.map((familyId) => ({ familyId })),
        );
      return {
        data: { ended: families.length },
        message: format(SESSION_MESSAGES.endedOthers, { count: families.length }),
      };
    },
  );

  app.get(
    '/api/users/:userId/sessions',
    {
      preValidation: mayUpdateUsers,
      schema: {
        tags: ['users'],
        summary: 'A user’s sessions',
        description: 'Holders of users.update, for a user not holding more than them.',
        security: bearer,
        params: userParams,
        response: { 200: listAnswer, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const userId = await userOf(request, actor);
      return { data: await liveSessions(app.db, userId, new Date(), ownFamily(actor, userId)) };
    },
  );

  app.delete(
    '/api/users/:userId/sessions/:id',
    {
      preValidation: mayUpdateUsers,
      schema: {
        tags: ['users'],
        summary: 'End one session of a user',
        description: 'Audited. 404 for a session not that user’s.',
        security: bearer,
        params: userSessionParams,
        response: { 200: MessageSchema, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const userId = await userOf(request, actor);
      const id = idIn((request.params as { id: string }).id);
      const session = await liveSessionFamily(app.db, userId, id, new Date());
      if (!session) throw notFound();
      await end(request, userId, [session]);
      return { message: SESSION_MESSAGES.ended };
    },
  );

  app.post(
    '/api/users/:userId/sessions/end-all',
    {
      preValidation: mayUpdateUsers,
      schema: {
        tags: ['users'],
        summary: 'End every session of a user',
        description: 'Audited, one entry per session. On one’s own page the current session is kept.',
        security: bearer,
        params: userParams,
        response: { 200: endedAnswer, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const userId = await userOf(request, actor);
      const families = await liveFamilies(app.db, userId, new Date(), ownFamily(actor, userId));
      if (families.length)
        await end(
          request,
          userId,
          families.map((familyId) => ({ familyId })),
        );
      return {
        data: { ended: families.length },
        message: format(SESSION_MESSAGES.endedAll, { count: families.length }),
      };
    },
  );
}

/** " (Chrome 120 on Linux)" for an audit summary. */
function describe(userAgent: string): string {
  const { browser, system } = parseUserAgent(userAgent);
  const what = [browser, system].filter(Boolean).join(' on ');
  return what ? ` (${what})` : '';
}
