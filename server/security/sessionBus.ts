import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { watchRedis } from '../plugins/redis';
import type { SessionCache } from './sessionCache';
import { parseSessionChange, type SessionChange } from './sessionChanges';

/** Tells the other instances what changed for signed-in sessions, and hears what they changed. */
export interface SessionBus {
  /** Publishes a change (its transactions committed); a failure is logged, never thrown. */
  publish(change: SessionChange): Promise<void>;
  close(): Promise<void>;
}

/**
 * The session bus over Redis pub/sub (`<REDIS_PREFIX>sessions`): each instance publishes the
 * session changes its requests made, and drops the sign-ins another instance's change affects from
 * its cache at once. While Redis is away, publishing fails fast and is logged, and the other
 * instances see the change within AUTH_CACHE_MS (their cache's life); when the subscription comes
 * back, this instance forgets its whole cache, for what it may have missed meanwhile.
 */
export function createSessionBus(
  redis: Redis,
  prefix: string,
  sessions: SessionCache,
  log: FastifyBaseLogger,
  authCacheMs: number,
): SessionBus {
  const channel = `${prefix}sessions`;
  const instance = randomUUID();
  // A subscribed connection runs no other command: one of its own, queueing SUBSCRIBE until connected.
  const subscriber = redis.duplicate({ enableOfflineQueue: true, autoResubscribe: false });
  const watch = watchRedis(subscriber, log, {
    role: 'sessions',
    meaning: `sign-outs, revoked sessions, deactivated users and changed roles reach the other instances within AUTH_CACHE_MS (${authCacheMs} ms)`,
    onBack: () => sessions.forget(),
  });
  subscriber.on('ready', () => {
    subscriber
      .subscribe(channel)
      .catch((error: unknown) => log.warn({ err: error }, 'session bus subscribe failed'));
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: { instance?: unknown; change?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.instance === instance) return;
    const change = parseSessionChange(message.change);
    if (change) sessions.forgetMatching(change);
  });
  return {
    async publish(change) {
      try {
        await redis.publish(channel, JSON.stringify({ instance, change }));
      } catch (error) {
        log.warn(
          { err: error, change },
          `session change not published: the other instances apply it within AUTH_CACHE_MS (${authCacheMs} ms)`,
        );
      }
    },
    async close() {
      watch.stop();
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
