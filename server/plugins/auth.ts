import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { en } from '../../src/shared/messages';
import { hasAnyPermission, hasPermission } from '../../src/shared/permissions';
import { sha256 } from '../lib/crypto';
import { HttpError } from '../lib/httpError';
import { findSessionByAccessHash, type AuthUser } from '../repositories/tokens';
import { createSessionBus } from '../security/sessionBus';
import { SessionCache } from '../security/sessionCache';
import { collectSessionChanges, isEmptyChange, type SessionChange } from '../security/sessionChanges';
import { securityEvent } from '../security/events';
import { assertEnrolmentNotDue } from '../security/enrolmentGate';

declare module 'fastify' {
  interface FastifyInstance {
    /** A live Bearer token of an active user, or 401. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preValidation hook: authenticates, then 403 unless the user's role holds `key` ('any' for everyone). */
    requirePermission: (key: string) => preValidationAsyncHookHandler;
    /** preValidation hook: authenticates, then 403 unless the user's role holds at least one of `keys`. */
    requireAnyPermission: (keys: readonly string[]) => preValidationAsyncHookHandler;
    /** The signed-in users of recent requests (see `SessionCache`). */
    sessions: SessionCache;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** What this request changed that signed-in sessions depend on (with REDIS_URL only). */
    sessionChange: SessionChange | null;
  }
}

const bearer = (header: string | undefined): string | null => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
};

/** Methods that change nothing: every other request may change a session, a user or a role. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the Bearer token on every guarded request with the user's current status, role and
 * permissions: from the database, or from the session cache, which every request that may change
 * something empties before its answer goes out, so on this server a sign-out, a deactivated user or a
 * changed role takes effect from the next request. With REDIS_URL the request's session changes are
 * published to the other instances as its answer goes out (security/sessionBus.ts), so there too from
 * the next request; without Redis, or while it is away, and for SQL by hand, within `authCacheMs`
 * (AUTH_CACHE_MS, 0 switches the cache off).
 */
export const authPlugin = fp<{ authCacheMs: number }>(
  async (app, { authCacheMs }) => {
    app.decorateRequest('user', null);
    const sessions = new SessionCache(authCacheMs, Date.now);
    app.decorate('sessions', sessions);
    app.decorateRequest('sessionChange', null);
    const bus = app.redis
      ? createSessionBus(app.redis, app.redisPrefix, sessions, app.log, authCacheMs)
      : null;
    if (bus) {
      app.addHook('onClose', async () => bus.close());
      // Only a request that may change something records its session changes.
      app.addHook('onRequest', (request, _reply, done) => {
        if (SAFE_METHODS.has(request.method)) return done();
        const change: SessionChange = {};
        request.sessionChange = change;
        collectSessionChanges(change, done);
      });
    }
    app.addHook('onSend', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      sessions.forget();
      // The handler's transactions are committed by now: the other instances read the new state.
      const change = request.sessionChange;
      if (bus && change && !isEmptyChange(change)) await bus.publish(change);
    });

    const authenticate = async (request: FastifyRequest): Promise<void> => {
      if (request.user) return;
      const token = bearer(request.headers.authorization);
      const hash = token ? sha256(token) : null;
      const user = hash
        ? await sessions.get(hash, () => findSessionByAccessHash(app.db, hash, new Date()))
        : null;
      if (!user) throw new HttpError(401, en.unauthenticated);
      request.user = user;
      assertEnrolmentNotDue(request, user);
    };

    app.decorate('authenticate', authenticate);
    const denied = (request: FastifyRequest, permission: string): HttpError => {
      securityEvent(request.log, 'permission.denied', {
        userId: request.user?.id,
        permission,
        method: request.method,
        route: request.routeOptions.url,
      });
      return new HttpError(403, en.unauthorized);
    };

    app.decorate('requirePermission', (key: string): preValidationAsyncHookHandler => {
      return async (request) => {
        await authenticate(request);
        if (!hasPermission(request.user?.permissions, key)) throw denied(request, key);
      };
    });
    app.decorate('requireAnyPermission', (keys: readonly string[]): preValidationAsyncHookHandler => {
      return async (request) => {
        await authenticate(request);
        if (!hasAnyPermission(request.user?.permissions, keys)) throw denied(request, keys.join(' | '));
      };
    });
  },
  { name: 'auth', dependencies: ['db', 'redis'] },
);

/** The authenticated user of a guarded route (its preValidation guard guarantees one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, en.unauthenticated);
  return request.user;
}
