import { buildApp } from './app';
import { loadConfig, loadDotEnv } from './config';

/**
 * The only file that listens. SIGTERM/SIGINT: stop accepting, drain in-flight requests, close the db.
 * `npm start`/`npm run serve` run it with `node --import tsx`, not the tsx CLI: the CLI kills its child
 * when it does not acknowledge a relayed signal within 30 ms, which a PGlite query (run on this
 * thread) routinely prevents, and so cut requests in flight.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Draining waits for requests in flight, but not for ever.
    setTimeout(() => process.exit(1), 30_000).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
