import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
// eslint-disable-next-line no-restricted-imports -- @fastify/rate-limit's own stores, not the SPA's store/
import LocalStore from '@fastify/rate-limit/store/LocalStore';
// eslint-disable-next-line no-restricted-imports -- as above
import RedisStore from '@fastify/rate-limit/store/RedisStore';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config, RateLimitRule } from '../config';
import { HttpError } from '../lib/httpError';
import { SERVER_MESSAGES } from '../../src/shared/messages/serverAnswers';

/** A 429 in the contract's shape, telling when to try again. */
export const tooManyRequests = (retryAfterSeconds: number): HttpError =>
  new HttpError(429, SERVER_MESSAGES.tooManyRequests, undefined, {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });

/**
 * One counter per key (an address, an account, a user) over a window. `hit` counts a request and
 * answers 429 once the key is over its limit; `check` answers 429 without counting (for limits that
 * count failures only: a right password after too many wrong ones is refused too).
 */
export interface Limiter {
  hit(request: FastifyRequest, key?: string): Promise<void>;
  check(request: FastifyRequest, key?: string): Promise<void>;
  /** Counts one (a failure) without refusing anything: the next `check` sees it. */
  count(request: FastifyRequest, key?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limiter named `name` (its own counters) keyed by `keyOf(request)` (default: the client
     * address, which TRUST_PROXY decides), or by the key passed to `hit`/`check`.
     */
    limiter: (name: string, rule: RateLimitRule, keyOf?: (request: FastifyRequest) => string) => Limiter;
  }
}

type Store = FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] };
type StoreParams = { continueExceeding?: boolean; exponentialBackoff?: boolean };

/**
 * The counters in Redis, shared by the instances; while Redis is away (not connected, or a command
 * failed) in this instance's memory, so requests go on being answered and limited, each instance
 * counting on its own until Redis is back (plugins/redis.ts says so in the log).
 */
function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class RedisOrLocalStore implements FastifyRateLimitStore {
    private readonly remote: Store;
    private readonly local: Store;
    constructor(params: StoreParams, remote?: Store, local?: Store) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      this.remote = remote ?? new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace);
      this.local = local ?? new LocalStore(continueExceeding, exponentialBackoff);
    }
    incr(...args: Parameters<Store['incr']>): void {
      this.call('incr', ...args);
    }
    read(...args: Parameters<Store['incr']>): void {
      this.call('read', ...args);
    }
    child(routeOptions: Parameters<Store['child']>[0]): FastifyRateLimitStore {
      return new RedisOrLocalStore(
        routeOptions as StoreParams,
        this.remote.child(routeOptions) as Store,
        this.local.child(routeOptions) as Store,
      );
    }
    private call(
      method: 'incr' | 'read',
      ...[key, callback, timeWindow, max]: Parameters<Store['incr']>
    ): void {
      const local = () => this.local[method](key, callback, timeWindow, max);
      if (redis.status !== 'ready') return local();
      this.remote[method](
        key,
        (error, result) => (error ? local() : callback(null, result)),
        timeWindow,
        max,
      );
    }
  }
  return RedisOrLocalStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * @fastify/rate-limit without a global limit: routes use `app.limiter` (several limits on one route,
 * e.g. per address and per account) or `config.rateLimit`. Counters live in Redis when REDIS_URL is
 * set so instances share them (each instance's own while Redis is away). Every 429 carries `Retry-After`. Signed-in users are also limited on
 * the API as a whole (`apiPerUser`), counted once their guard has found who they are.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const { redis } = app;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: redisOrLocalStore(redis, `${app.redisPrefix}rate-limit:`) } : {}),
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
    });

    app.decorate('limiter', (name, rule, keyOf = (request) => request.ip) => {
      const keys = new WeakMap<FastifyRequest, string>();
      const limit = app.createRateLimit({
        keyGenerator: (request) => `${name}:${keys.get(request) ?? keyOf(request)}`,
        max: rule.max,
        timeWindow: rule.windowMs,
      });
      const run = async (request: FastifyRequest, key: string | undefined, increment: boolean) => {
        if (key !== undefined) keys.set(request, key);
        const state = await limit(request, { increment });
        if (state.isAllowed) return false;
        const over = increment ? state.isExceeded : state.remaining <= 0;
        if (over) return state.ttlInSeconds;
        return false;
      };
      const refuse = async (request: FastifyRequest, key: string | undefined, increment: boolean) => {
        const over = await run(request, key, increment);
        if (over !== false) throw tooManyRequests(over);
      };
      return {
        hit: (request, key) => refuse(request, key, true),
        check: (request, key) => refuse(request, key, false),
        count: async (request, key) => void (await run(request, key, true)),
      };
    });

    const { apiPerUser } = config.rateLimit;
    if (apiPerUser.max > 0) {
      const perUser = app.limiter('api-user', apiPerUser, (request) => String(request.user?.id));
      // preHandler: after the route's guard (preValidation) has authenticated the caller.
      app.addHook('preHandler', async (request) => {
        if (request.user) await perUser.hit(request);
      });
    }
  },
  { name: 'rate-limit', dependencies: ['auth', 'redis'] },
);
