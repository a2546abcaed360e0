import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { en } from '../../src/shared/messages';
import type { Config } from '../config';
import { HttpError } from '../lib/httpError';

/**
 * Registers @fastify/rate-limit without a global limit: routes opt in with `config.rateLimit` or
 * `app.createRateLimit`. Counters live in Redis when REDIS_URL is set so instances share them.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'rate-limit:',
      errorResponseBuilder: () => new HttpError(429, en.tooManyRequests),
    });
  },
  { name: 'rate-limit' },
);
