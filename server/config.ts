import fs from 'node:fs';
import path from 'node:path';
import dotenv from 'dotenv';
import { en } from '../src/shared/messages';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** node-postgres when set; PGlite otherwise. */
  databaseUrl?: string;
  /** PGlite only: keep the database in memory (tests). Otherwise it lives in `${dataDir}/db`. */
  inMemoryDb: boolean;
  uploadsDir: string;
  staticDir: string;
  admin: { name: string; email: string; password?: string };
  appName: string;
  publicUrl: string;
  /** What `/env.js` tells the SPA to call; '' means the same origin. */
  authHost: string;
  oauth: { clientId?: string; clientSecret?: string };
  accessTokenTtl: number;
  refreshTokenTtl: number;
  passwordResetTtl: number;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  richTextEditorKey: string;
  hostAppUrl: string;
  /** `false` switches the request logger off (tests). */
  logLevel: string | false;
  rateLimit: {
    tokenPerIp: RateLimitRule;
    tokenFailuresPerUsername: RateLimitRule;
    forgotPerIp: RateLimitRule;
  };
}

type Env = Record<string, string | undefined>;

const text = (env: Env, key: string): string | undefined => {
  const value = env[key]?.trim();
  return value ? value : undefined;
};

const int = (env: Env, key: string, fallback: number): number => {
  const value = text(env, key);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${key} must be a non-negative integer`);
  return parsed;
};

/** Reads `.env` (if present) into `process.env` without overriding what is already set. */
export function loadDotEnv(file = path.resolve(process.cwd(), '.env')): void {
  if (fs.existsSync(file)) dotenv.config({ path: file, quiet: true });
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const appName = text(env, 'APP_NAME') ?? en.appName;
  const minutes = (n: number) => n * 60 * 1000;
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    inMemoryDb: false,
    uploadsDir: path.join(dataDir, 'uploads'),
    staticDir: path.resolve(text(env, 'STATIC_DIR') ?? './dist'),
    admin: {
      name: text(env, 'ADMIN_NAME') ?? 'Administrator',
      email: (text(env, 'ADMIN_EMAIL') ?? 'admin@example.com').toLowerCase(),
      password: text(env, 'ADMIN_PASSWORD'),
    },
    appName,
    publicUrl: (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    authHost: (text(env, 'AUTH_HOST') ?? '').replace(/\/+$/, ''),
    oauth: { clientId: text(env, 'OAUTH_CLIENT_ID'), clientSecret: text(env, 'OAUTH_CLIENT_SECRET') },
    accessTokenTtl: int(env, 'ACCESS_TOKEN_TTL', 3600),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 2592000),
    passwordResetTtl: 60 * 60,
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? `"${appName}" <no-reply@localhost>`,
    redisUrl: text(env, 'REDIS_URL'),
    richTextEditorKey: text(env, 'RICH_TEXT_EDITOR_KEY') ?? '',
    hostAppUrl: text(env, 'HOST_APP_URL') ?? '',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    rateLimit: {
      tokenPerIp: { max: 60, windowMs: minutes(1) },
      tokenFailuresPerUsername: { max: 10, windowMs: minutes(15) },
      forgotPerIp: { max: 10, windowMs: minutes(15) },
    },
  };
}
