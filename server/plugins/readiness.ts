import fp from 'fastify-plugin';

/** One thing this instance needs in order to serve: resolves when it is there, throws when not. */
export type ReadinessCheck = () => Promise<void>;

/** How long one check may take before it counts as failed (a hung dependency is not ready). */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  checks: Record<string, 'ok' | 'error'>;
}

export interface Readiness {
  /** Adds a named check (the database, Redis, object storage, ...); names are unique. */
  add(name: string, check: ReadinessCheck): void;
  /** From now on this instance is not ready: it is shutting down (SIGTERM), before the drain. */
  drain(): void;
  readonly draining: boolean;
  /** Runs every check at once, each within `READINESS_CHECK_TIMEOUT_MS`. */
  report(): Promise<ReadinessReport>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance can serve: what `/api/ready` answers a load balancer. */
    readiness: Readiness;
  }
}

/** The check's outcome within the timeout; its error is told to `onError` (the log), never answered. */
async function run(check: ReadinessCheck, onError: (error: unknown) => void): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_CHECK_TIMEOUT_MS} ms`)),
      READINESS_CHECK_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    onError(error);
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness registry: plugins add what they need (db: the database and its migrations; jobs:
 * the queue started; rate-limit: Redis when REDIS_URL is set; later object storage). server.ts
 * calls `drain` on SIGTERM first, so a load balancer stops sending before the server stops
 * accepting.
 */
export const readinessPlugin = fp(
  async (app) => {
    const checks = new Map<string, ReadinessCheck>();
    let draining = false;
    app.decorate('readiness', {
      add(name, check) {
        if (checks.has(name)) throw new Error(`readiness check ${name} is registered already`);
        checks.set(name, check);
      },
      drain() {
        draining = true;
      },
      get draining() {
        return draining;
      },
      async report() {
        const entries = await Promise.all(
          [...checks].map(
            async ([name, check]) =>
              [
                name,
                await run(check, (error) => app.log.warn({ err: error, check: name }, 'not ready')),
              ] as const,
          ),
        );
        const results = Object.fromEntries(entries);
        return {
          ready: !draining && entries.every(([, result]) => result === 'ok'),
          draining,
          checks: results,
        };
      },
    } satisfies Readiness);
  },
  { name: 'readiness' },
);
