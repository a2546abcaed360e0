/**
 * `npm run build:server`: the production server compiled to JavaScript with esbuild, one CommonJS
 * file (`build/server/server.js`, its source map beside it, and `sheet-worker.js`, the import's
 * parsing thread, and `pglite-worker.js`, the embedded database's) holding our code — server/ and the
 * src/shared modules it imports — with the packages left to node_modules. The migrations, which the
 * server reads at run time next to itself (`MIGRATIONS_FOLDER`), are copied beside it. tsx stays for
 * `npm run dev` and the tests. (docs/decisions/2026-12-01-compiled-server-esbuild.md)
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

export const root = path.resolve(__dirname, '..');
export const SERVER_BUILD_DIR = path.join(root, 'build', 'server');
export const SERVER_ENTRY = path.join(SERVER_BUILD_DIR, 'server.js');

/**
 * Builds into `outDir` (build/server by default; a test builds its own copy under build/ so that
 * node_modules resolves and two test runs never write the same files) and returns the entry file.
 */
export async function buildServer(outDir: string = SERVER_BUILD_DIR): Promise<string> {
  const entry = path.join(outDir, 'server.js');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    // The server, and the worker thread an import's upload is parsed in (server/crud/sheetThread.ts
    // starts `sheet-worker.js` from beside the server).
    entryPoints: {
      server: path.join(root, 'server', 'server.ts'),
      'sheet-worker': path.join(root, 'server', 'crud', 'sheetWorker.ts'),
      // PGlite's thread (server/db/pgliteThread.ts starts `pglite-worker.js` from beside the server).
      'pglite-worker': path.join(root, 'server', 'db', 'pgliteWorker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'cjs',
    // node_modules stay where npm put them (native addons, WebAssembly, their own files).
    packages: 'external',
    sourcemap: 'linked',
    // Readable stack traces in the log; no `__name` wrapper around every function (tsx's keepNames).
    minify: false,
    keepNames: false,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  return entry;
}

if (require.main === module) {
  buildServer().then(
    () => process.stdout.write(`Server built: ${path.relative(root, SERVER_ENTRY)}\n`),
    (error: unknown) => {
      process.stderr.write(
        `Server build failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
