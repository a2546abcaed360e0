/**
 * `npm run test:e2e`: starts the real server — the compiled one `npm run build` writes, as
 * production runs it — on a throwaway data dir, serving the built SPA, waits for it, runs the
 * browser suite (Jest + playwright-core + Debian's Chromium) against it, stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '../src/shared/routes';
import { startOidcProvider } from '../test/oidcProvider';
import {
  E2E_ADMIN,
  E2E_MAIL_FROM,
  E2E_OIDC_NAME,
  E2E_PORT,
  E2E_SMTP_PORT,
  EXAMPLE_SITE_PORT,
  baseUrl,
  exampleSiteUrl,
  passkeyBaseUrl,
} from './support/config';
import { startMailbox } from './support/mailbox';
import { root, startExampleSite, startServer, stop } from './support/processes';

/**
 * The server's environment: a throwaway data dir, on PGlite unless E2E_DATABASE_URL names a
 * PostgreSQL database (emptied first by whoever runs it: the admin is created at start), the
 * example website as HOST_APP_URL.
 */
function serverEnv(dataDir: string, provider: { issuer: string; clientId: string; clientSecret: string }) {
  return {
    ...process.env,
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    STATIC_DIR: path.join(root, 'dist'),
    PUBLIC_URL: baseUrl,
    // WebAuthn needs a domain for its RP ID (not 127.0.0.1): the passkey journeys open the app here.
    PASSKEY_ORIGIN: passkeyBaseUrl,
    // The example website (examples/website), started beside the server: previews open there.
    HOST_APP_URL: exampleSiteUrl,
    ADMIN_NAME: E2E_ADMIN.name,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    MAIL_FROM: E2E_MAIL_FROM,
    // A test may post as a visitor of its own (X-Forwarded-For from loopback), so the per-address
    // limits of the public forms count each file's visitor apart, as they would count real visitors.
    TRUST_PROXY: '127.0.0.1',
    REDIS_URL: '',
    // The webhook journeys' endpoints (a receiver, the example website) listen on loopback.
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: E2E_OIDC_NAME,
  };
}

async function main(): Promise<number> {
  const serverEntry = path.join(root, 'build', 'server', 'server.js');
  if (!existsSync(path.join(root, 'dist', 'index.html')) || !existsSync(serverEntry)) {
    process.stderr.write('dist/ or build/server/ is missing: run `npm run build` first.\n');
    return 1;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  // A real SMTP server on loopback: the journeys read the mails that arrived (support/mailbox.ts).
  const mailDir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-mail-'));
  const mailbox = await startMailbox(E2E_SMTP_PORT, mailDir);
  // The company's sign-in provider: a real OpenID Connect provider on loopback (sso.e2e.ts).
  const provider = await startOidcProvider({ redirectUri: `${baseUrl}${API_PATHS.ssoCallback}` });
  const secretFile = path.join(dataDir, 'example-website-secret');
  let server: ChildProcess | undefined;
  let site: ChildProcess | undefined;
  try {
    server = await startServer(serverEnv(dataDir, provider), baseUrl);
    site = await startExampleSite(baseUrl, EXAMPLE_SITE_PORT, secretFile);
    // Not spawnSync: this process's SMTP server must answer while the suite runs.
    const jest = spawn(
      process.execPath,
      [
        require.resolve('jest/bin/jest'),
        '--config',
        'e2e/jest.config.ts',
        '--runInBand',
        ...process.argv.slice(2),
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, E2E_MAIL_DIR: mailDir, E2E_SITE_SECRET_FILE: secretFile },
      },
    );
    return await new Promise<number>((resolve) => jest.once('exit', (code) => resolve(code ?? 1)));
  } finally {
    if (site) await stop(site);
    if (server) await stop(server);
    await mailbox.close();
    await provider.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
