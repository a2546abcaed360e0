/**
 * `npm start`: builds the SPA when dist/ is missing or older than its sources, and the server when
 * build/server/ is (scripts/build-server.ts), then starts the compiled server, which serves the
 * API, /oauth/token, /env.js and the SPA on one port.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_ENTRY } from './build-server';
import { SPA_BUILD_PROGRESS } from './buildProgress';

const root = path.resolve(__dirname, '..');
const stamp = path.join(root, 'dist', 'index.html');
const sources = [
  'src',
  'machines',
  'store',
  'public',
  'webpack.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target)
    .filter((name) => !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function buildIsStale(): boolean {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > built);
}

if (buildIsStale()) {
  process.stdout.write(
    'Building the SPA (first start or changed sources; one to three minutes, progress below)...\n',
  );
  const result = spawnSync('npm', ['run', 'build:spa', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, [SPA_BUILD_PROGRESS]: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // webpack leaves a file it would write unchanged alone, so index.html can keep its old time after
  // a source change that did not change it; the stamp is touched so the next start does not rebuild.
  const now = new Date();
  utimesSync(stamp, now, now);
}

// The server's own sources: what it compiles from (its tests aside) and how.
const serverSources = ['server', 'src/shared', 'package-lock.json', 'scripts/build-server.ts'];

function serverIsStale(): boolean {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  return serverSources.some((source) => newestMtime(path.join(root, source)) > built);
}

async function startServer(): Promise<void> {
  if (serverIsStale()) {
    process.stdout.write('Building the server (first start or changed sources)...\n');
    await buildServer();
  }
  // Plain JavaScript: the server runs without tsx's compile step and its wrapper around every function.
  await import(SERVER_ENTRY);
}

startServer().catch((error: unknown) => {
  process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
