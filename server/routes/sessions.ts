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

type Guard = ReturnType<FastifyInstance['requirePermission']>;

/** Ends the sessions of `families` of `userId`, with one audit entry each, in one transaction. */
async function endSessions(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  families: { familyId: string; userAgent?: string }[],
): Promise<void> {
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
}

/** Ends one session of `userId` (`:id` of the path), or 404 when it is not theirs or not live. */
async function endOne(app: FastifyInstance, request: FastifyRequest, userId: number) {
  const id = idIn((request.params as { id: string }).id);
  const session = await liveSessionFamily(app.db, userId, id, new Date());
  if (!session) throw notFound();
  await endSessions(app, request, userId, [session]);
  return { message: SESSION_MESSAGES.ended };
}

/** Ends every live session of `userId` but `keep`'s; the answer counts them in `message`'s words. */
async function endMany(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  keep: string | null,
  message: string,
) {
  const families = await liveFamilies(app.db, userId, new Date(), keep);
  if (families.length)
    await endSessions(
      app,
      request,
      userId,
      families.map((familyId) => ({ familyId })),
    );
  return { data: { ended: families.length }, message: format(message, { count: families.length }) };
}

/** The user of the path's `:userId`, whom the caller may manage (not one holding more than them). */
async function userOf(app: FastifyInstance, request: FastifyRequest, actor: AuthUser): Promise<number> {
  const userId = idIn((request.params as { userId: string }).userId);
  await assertMayManageUser(app.db, actor, userId);
  return userId;
}

/** On one's own user page, the session in use is kept (it is the caller's). */
const ownFamily = (actor: AuthUser, userId: number) => (actor.id === userId ? actor.familyId : null);

function ownSessionRoutes(app: FastifyInstance, signedIn: Guard): void {
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
    async (request) => endOne(app, request, currentUser(request).id),
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
      return endMany(app, request, user.id, user.familyId, SESSION_MESSAGES.endedOthers);
    },
  );
}

function userSessionRoutes(app: FastifyInstance, mayUpdateUsers: Guard): void {
  const schema = (summary: string, description: string) => ({
    tags: ['users'],
    summary,
    description,
    security: bearer,
  });
  app.get(
    '/api/users/:userId/sessions',
    {
      preValidation: mayUpdateUsers,
      schema: {
        ...schema('A user’s sessions', 'Holders of users.update, for a user not holding more than them.'),
        params: userParams,
        response: { 200: listAnswer, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const userId = await userOf(app, request, actor);
      return { data: await liveSessions(app.db, userId, new Date(), ownFamily(actor, userId)) };
    },
  );
  app.delete(
    '/api/users/:userId/sessions/:id',
    {
      preValidation: mayUpdateUsers,
      schema: {
        ...schema('End one session of a user', 'Audited. 404 for a session not that user’s.'),
        params: userSessionParams,
        response: { 200: MessageSchema, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => endOne(app, request, await userOf(app, request, currentUser(request))),
  );
  app.post(
    '/api/users/:userId/sessions/end-all',
    {
      preValidation: mayUpdateUsers,
      schema: {
        ...schema(
          'End every session of a user',
          'Audited, one entry per session. On one’s own page the current session is kept.',
        ),
        params: userParams,
        response: { 200: endedAnswer, 404: MessageSchema, ...authErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const userId = await userOf(app, request, actor);
      return endMany(app, request, userId, ownFamily(actor, userId), SESSION_MESSAGES.endedAll);
    },
  );
}

/**
 * The sessions page's routes: the caller's own sessions (any signed-in user), and a user's (holders
 * of users.update, not a user holding more than them; audited). A session another user's, ended,
 * or made up answers 404 alike: nobody learns which ids exist. Ending one revokes its token family,
 * which the auth plugin has every instance drop at once (security/sessionBus.ts), as a sign-out.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  ownSessionRoutes(app, app.requirePermission(PERMISSIONS.any));
  userSessionRoutes(app, app.requirePermission(can(usersResource, 'update')));
}

/** " (Chrome 120 on Linux)" for an audit summary. */
function describe(userAgent: string): string {
  const { browser, system } = parseUserAgent(userAgent);
  const what = [browser, system].filter(Boolean).join(' on ');
  return what ? ` (${what})` : '';
}
