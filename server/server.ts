import { buildApp } from './app';
import { loadConfig, loadDotEnv, type Config } from './config';
import { prepareDatabase } from './db/prepare';
import { setClockOffset } from './lib/clock';
import { startFailure } from './startFailure';

/**
 * The only file that listens. The database is opened, migrated and seeded before the HTTP app is
 * built; a start that fails prints one line saying why and exits 1. SIGTERM/SIGINT: `/api/ready`
 * turns 503 at once, then (after SHUTDOWN_DELAY_MS) stop accepting, stop the job queue's workers,
 * drain in-flight requests, close the database. `npm start`/`npm run serve` run it with
 * `node --import tsx`, not the tsx CLI: the CLI kills its child when it does not acknowledge a
 * relayed signal within 30 ms, which a PGlite query (then run on this thread; now in its own,
 * db/pgliteThread.ts) routinely prevented, and so cut requests in flight.
 */
async function main(): Promise<void> {
  let config: Config | undefined;
  try {
    loadDotEnv();
    config = loadConfig();
    setClockOffset(config.clockOffsetMs);
    const prepared = await prepareDatabase(config);
    const app = await buildApp(config, { prepared });
    if (config.clockOffsetMs)
      app.log.warn(
        { clockOffsetMs: config.clockOffsetMs },
        'the server clock runs ahead of the machine (CLOCK_OFFSET_MS)',
      );
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    let closing = false;
    const { shutdownDelayMs } = config;
    const shutdown = (signal: NodeJS.Signals) => {
      if (closing) return;
      closing = true;
      // Not ready first, so a load balancer stops sending; then (after SHUTDOWN_DELAY_MS) the drain.
      app.readiness.drain();
      app.log.info({ signal, delayMs: shutdownDelayMs }, 'shutting down');
      // Draining waits for requests in flight, but not for ever.
      setTimeout(() => process.exit(1), shutdownDelayMs + 30_000).unref();
      new Promise((resolve) => setTimeout(resolve, shutdownDelayMs))
        .then(() => app.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    };
    process.once('SIGTERM', shutdown);
    process.once('SIGINT', shutdown);
  } catch (error) {
    process.stderr.write(`${startFailure(error, config)}\n`);
    process.exit(1);
  }
}

void main();
