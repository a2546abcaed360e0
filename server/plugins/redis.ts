import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's Redis connection for commands (REDIS_URL), or null without one. */
    redis: Redis | null;
    /** `REDIS_PREFIX`: every key and channel this instance uses starts with it. */
    redisPrefix: string;
  }
}

/**
 * Fail fast: a command while Redis is away fails at once (no offline queue) or after a second (no
 * answer), instead of holding a request; the connection is retried in the background for ever, at
 * most every 2 s.
 */
export const REDIS_OPTIONS: RedisOptions = {
  connectTimeout: 1_000,
  commandTimeout: 1_000,
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  retryStrategy: (times) => Math.min(times * 200, 2_000),
};

/**
 * Tells the log once when a connection is lost (what that means for this instance) and once when it
 * is back; `onBack` runs on every return after a loss (missed messages are made good there). The
 * answer's `stop` silences it before the connection is closed on purpose.
 */
export function watchRedis(
  redis: Redis,
  log: FastifyBaseLogger,
  { role, meaning, onBack }: { role: string; meaning: string; onBack?: () => void },
): { stop(): void } {
  let down = false;
  let stopped = false;
  const lost = (error?: Error) => {
    if (down || stopped) return;
    down = true;
    log.warn({ err: error, redis: role }, `Redis unreachable: ${meaning}, until it is back`);
  };
  redis.on('error', lost);
  redis.on('end', () => lost());
  redis.on('close', () => lost());
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ redis: role }, 'Redis is back');
    onBack?.();
  });
  return { stop: () => void (stopped = true) };
}

/**
 * Redis when REDIS_URL is set: one connection for commands (rate-limit counters, publishing), shared
 * by the plugins; each subscriber duplicates it. Ready only while it answers (/api/ready).
 */
export const redisPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('redisPrefix', config.redisPrefix);
    if (!config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(config.redisUrl, REDIS_OPTIONS);
    const watch = watchRedis(redis, app.log, {
      role: 'commands',
      meaning: 'rate limits are counted by each instance on its own',
    });
    app.decorate('redis', redis);
    app.readiness.add('redis', async () => {
      await redis.ping();
    });
    app.addHook('onClose', async () => {
      watch.stop();
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['readiness'] },
);
