import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import dotenv from 'dotenv';
import { TOKEN_REFRESH } from '../src/shared/limits';
import { en } from '../src/shared/messages';
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from './jobs/queue';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Which peers may tell the client's address in `X-Forwarded-For` (Fastify's `trustProxy`): nobody
 * (false), the nearest N proxies (a hop count), or the listed addresses and CIDR ranges.
 */
export type TrustProxy = false | number | string[];

/** What an uploaded spreadsheet may hold, checked in the zip's directory before anything is inflated. */
export interface SheetLimits {
  /** Entries in the XLSX zip. */
  maxEntries: number;
  /** All entries inflated, in bytes (checked as declared, then again while inflating). */
  maxUncompressedBytes: number;
  /** Distinct shared strings (the sharedStrings part's uniqueCount). */
  maxSharedStrings: number;
  /** Rows of the first sheet, header included (CSV and XLSX). */
  maxRows: number;
  /** Rows an import validates and writes at once (2 000 unless set; a test sets fewer). */
  batchRows?: number;
  /** The longest the parsing worker may take for one batch (30 s unless set; crud/sheetThread.ts). */
  workerBatchMs?: number;
  /** The parsing worker's heap in MB (256 unless set). */
  workerHeapMb?: number;
}

/**
 * An S3-compatible bucket for the uploads (S3_BUCKET and the rest); without it, files live on local
 * disk under `uploadsDir`. Credentials left unset fall back to the AWS SDK's default chain.
 */
export interface S3Settings {
  bucket: string;
  /** Unset: AWS S3 itself. MinIO, Ceph RGW, R2 and the test server give theirs. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO-likes need it). */
  forcePathStyle: boolean;
  /** How long one request to the bucket may go without an answer before it fails (a 503). */
  timeoutMs: number;
}

/**
 * Single sign-on through the company's OpenID Connect provider (OIDC_ISSUER, OIDC_CLIENT_ID,
 * OIDC_CLIENT_SECRET and the rest; docs/security.md). Undefined: no single sign-on.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button says: "Sign in with {name}" (OIDC_NAME). */
  name: string;
  /** The claim holding the e-mail address a first sign-in matches (OIDC_EMAIL_CLAIM, `email`). */
  emailClaim: string;
  /** The role a user unknown here is created with (OIDC_NEW_USER_ROLE); unset, they are refused. */
  newUserRole?: string;
  /** Whether a user linked to the provider may still sign in with a password (OIDC_PASSWORD_SIGN_IN). */
  passwordSignIn: boolean;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** node-postgres when set; PGlite otherwise. */
  databaseUrl?: string;
  /**
   * How long opening a PostgreSQL connection may take before the request fails with a 503
   * (DATABASE_CONNECT_TIMEOUT_MS; unset: db/client.ts's POOL_CONNECT_TIMEOUT_MS, 5 s).
   */
  databaseConnectTimeoutMs?: number;
  /** PGlite only: keep the database in memory (tests). Otherwise it lives in `${dataDir}/db`. */
  inMemoryDb: boolean;
  uploadsDir: string;
  /** Where uploads are kept instead of `uploadsDir` (server/storage). */
  s3?: S3Settings;
  staticDir: string;
  admin: { name: string; email: string; password?: string };
  appName: string;
  publicUrl: string;
  /** What `/env.js` tells the SPA to call; '' means the same origin. */
  authHost: string;
  oauth: { clientId?: string; clientSecret?: string };
  accessTokenTtl: number;
  refreshTokenTtl: number;
  oidc?: OidcSettings;
  passwordResetTtl: number;
  smtpUrl?: string;
  mailFrom: string;
  redisUrl?: string;
  /** REDIS_PREFIX: the start of every Redis key and channel (several products on one Redis). */
  redisPrefix: string;
  trustProxy: TrustProxy;
  /** The shortest password anyone may choose (PASSWORD_MIN_LENGTH; the SPA gets it from /env.js). */
  passwordMinLength: number;
  /** Days an audit log entry is kept (AUDIT_RETENTION_DAYS, default 365); 0 keeps every entry. */
  auditRetentionDays: number;
  sheetLimits: SheetLimits;
  /** Images larger than this many pixels are refused before they are decoded. */
  imageMaxPixels: number;
  richTextEditorKey: string;
  hostAppUrl: string;
  /**
   * The address the SPA is opened at, for passkeys (PASSKEY_ORIGIN, default PUBLIC_URL): its host is
   * the WebAuthn RP ID, its origin the only one accepted. An IP address cannot be an RP ID.
   */
  passkeyOrigin: string;
  /** Days a deleted record stays in its resource's trash, restorable (TRASH_RETENTION_DAYS, default 30). */
  trashRetentionDays: number;
  /** Days a contact message is kept (INBOX_RETENTION_DAYS, default 0: kept until deleted); purged daily. */
  inboxRetentionDays: number;
  /**
   * The website's path of an item of each kind, `{slug}` its slug, for the sitemap
   * (SITEMAP_PATHS, `news=/news/{slug},pages=/{slug}`: over the defaults; an empty pattern leaves
   * the kind out). The page keyed `home` is the site's root.
   */
  sitemapPaths: Record<string, string>;
  /**
   * The website's side of the public API (docs/website-api.md "Caching", "Previews"): the public
   * answers' `Cache-Control` (PUBLIC_CACHE_MAX_AGE, 60 s; PUBLIC_CACHE_STALE_WHILE_REVALIDATE, 300 s),
   * the preview address on HOST_APP_URL (PREVIEW_URL, `{token}` and `{path}` filled in; the path is
   * the item's SITEMAP_PATHS one) and how long a preview token holds (PREVIEW_TTL_MINUTES, 60).
   */
  website: { cacheMaxAge: number; cacheStale: number; previewUrl: string; previewTtlMinutes: number };
  /** Webhook deliveries (docs/website-api.md "Webhooks"). */
  webhooks: {
    /** Loopback targets allowed (WEBHOOK_ALLOW_LOOPBACK=true; tests and development only). */
    allowLoopback: boolean;
    /** How long one attempt may take, connection to last byte read (WEBHOOK_TIMEOUT_MS, default 10 000). */
    timeoutMs: number;
  };
  /**
   * How long a signed-in user read for one request serves the next ones (AUTH_CACHE_MS, default 1000;
   * 0: read on every request). Changes made through this server apply at once; this bounds the rest.
   */
  authCacheMs: number;
  /**
   * On SIGTERM, how long `/api/ready` answers 503 before the server stops accepting connections and
   * drains (SHUTDOWN_DELAY_MS, default 0): time for a load balancer polling it to stop sending.
   */
  shutdownDelayMs: number;
  /**
   * How far ahead of the machine's clock the server's runs (CLOCK_OFFSET_MS, default 0; tests and
   * benches only: `server/lib/clock.ts`). Dated content's state and its go-live moments follow it.
   */
  clockOffsetMs: number;
  /** The job queue's polling, maintenance and shutdown intervals (server/jobs/queue.ts). */
  jobs: QueueSettings;
  /** `false` switches the request logger off (tests). */
  logLevel: string | false;
  /** Per address (`PerIp`), per account and per user; counters in Redis when REDIS_URL is set. */
  rateLimit: {
    tokenPerIp: RateLimitRule;
    tokenFailuresPerUsername: RateLimitRule;
    /** Single sign-ons started and callbacks answered, per address. */
    ssoPerIp: RateLimitRule;
    /** Wrong second-factor codes (authenticator or recovery) per account, whatever mfa_token they came with. */
    mfaFailuresPerAccount: RateLimitRule;
    forgotPerIp: RateLimitRule;
    /** Reset mails sent to one account (more requests still answer 200, but send nothing). */
    resetMailsPerAccount: RateLimitRule;
    /** Reset-token checks and resets from one address, and resets naming one e-mail. */
    resetPerIp: RateLimitRule;
    resetPerAccount: RateLimitRule;
    /** Change-password and e-mail-change attempts: per address, and wrong current passwords per account. */
    passwordPerIp: RateLimitRule;
    passwordFailuresPerAccount: RateLimitRule;
    uploadsPerIp: RateLimitRule;
    uploadsPerUser: RateLimitRule;
    /** Every API request of one signed-in user (API_RATE_LIMIT per minute; 0 switches it off). */
    apiPerUser: RateLimitRule;
    /** The website's public API, per address: reads, contact messages, newsletter sign-ups and unsubscribes. */
    publicReadPerIp: RateLimitRule;
    publicContactPerIp: RateLimitRule;
    publicSubscribePerIp: RateLimitRule;
    /** New-message mails to staff, for the whole site. */
    publicNotifications: RateLimitRule;
  };
}

/** The smallest and largest PASSWORD_MIN_LENGTH accepted (ASVS 2.1.1 asks for at least 12; 8 is the floor). */
export const PASSWORD_MIN_LENGTH_RANGE = { min: 8, max: 64 } as const;

const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
  const [address, bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix >= 0 && prefix <= (version === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset, '' or 'false' → trust nobody; a whole number → that many hops; otherwise a
 * comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * 'true' (trust anyone) is refused: any client could then pick its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !TRUST_PROXY_NAMES.has(entry) && !isAddressOrRange(entry));
  if (raw === 'true' || bad.length || !entries.length)
    throw new Error(
      `TRUST_PROXY must be a hop count or a list of proxy addresses/CIDR ranges (got ${bad.join(', ') || raw})`,
    );
  return entries;
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

/** The sitemap's path patterns by kind (docs/website-api.md "Sitemap"). */
export const DEFAULT_SITEMAP_PATHS: Readonly<Record<string, string>> = {
  pages: '/{slug}',
  products: '/products/{slug}',
  brands: '/brands/{slug}',
  categories: '/categories/{slug}',
  news: '/news/{slug}',
  promotions: '/promotions/{slug}',
  'product-articles': '/product-articles/{slug}',
};

function sitemapPaths(env: Env): Record<string, string> {
  const paths: Record<string, string> = { ...DEFAULT_SITEMAP_PATHS };
  for (const entry of (text(env, 'SITEMAP_PATHS') ?? '').split(',').filter((part) => part.trim())) {
    const [kind, pattern = ''] = entry.split('=').map((part) => part.trim());
    if (!(kind in DEFAULT_SITEMAP_PATHS))
      throw new Error(
        `SITEMAP_PATHS: ${kind} is not a kind (${Object.keys(DEFAULT_SITEMAP_PATHS).join(', ')})`,
      );
    if (pattern && (!pattern.startsWith('/') || !pattern.includes('{slug}')))
      throw new Error(`SITEMAP_PATHS: ${kind}'s pattern must start with / and hold {slug}`);
    paths[kind] = pattern;
  }
  return paths;
}

/** The website's preview address on HOST_APP_URL (`{token}` and `{path}` are filled in). */
export const DEFAULT_PREVIEW_URL = '{HOST_APP_URL}/api/preview?token={token}&path={path}';

function previewUrl(env: Env): string {
  const pattern = text(env, 'PREVIEW_URL') ?? DEFAULT_PREVIEW_URL;
  if (!pattern.includes('{token}')) throw new Error('PREVIEW_URL must hold {token}');
  return pattern;
}

const flag = (env: Env, key: string, fallback: boolean): boolean => {
  const value = text(env, key)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new Error(`${key} must be true or false`);
};

/** S3_BUCKET and its companions; undefined without a bucket (files on local disk). */
export function s3Settings(env: Env): S3Settings | undefined {
  const bucket = text(env, 'S3_BUCKET');
  if (!bucket) return undefined;
  const endpoint = text(env, 'S3_ENDPOINT');
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK default chain)',
    );
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('S3_ENDPOINT must be an http(s) URL');
  const timeoutMs = int(env, 'S3_TIMEOUT_MS', 5000);
  if (timeoutMs < 100) throw new Error('S3_TIMEOUT_MS must be at least 100');
  return {
    bucket,
    endpoint,
    region: text(env, 'S3_REGION') ?? text(env, 'AWS_REGION') ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // A custom endpoint is most often a MinIO-like that wants the bucket in the path.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    timeoutMs,
  };
}

/**
 * ACCESS_TOKEN_TTL: at least TOKEN_REFRESH.minAccessTokenTtlS seconds. A shorter token leaves the
 * tab no time to refresh it (at half its lifetime, through a lock held up to 15 s): refused at start.
 */
/** DATABASE_CONNECT_TIMEOUT_MS when set (at least 100 ms: node-postgres reads 0 as "wait for ever"). */
function databaseConnectTimeout(env: Env): Pick<Config, 'databaseConnectTimeoutMs'> {
  if (text(env, 'DATABASE_CONNECT_TIMEOUT_MS') === undefined) return {};
  const value = int(env, 'DATABASE_CONNECT_TIMEOUT_MS', 0);
  if (value < 100) throw new Error(`DATABASE_CONNECT_TIMEOUT_MS must be at least 100 (got ${value})`);
  return { databaseConnectTimeoutMs: value };
}

function accessTokenTtl(env: Env): number {
  const value = int(env, 'ACCESS_TOKEN_TTL', 3600);
  const min = TOKEN_REFRESH.minAccessTokenTtlS;
  if (value < min)
    throw new Error(
      `ACCESS_TOKEN_TTL must be at least ${min} seconds (got ${value}): shorter tokens cannot be refreshed in time`,
    );
  return value;
}

function passwordMinLength(env: Env): number {
  const value = int(env, 'PASSWORD_MIN_LENGTH', 12);
  const { min, max } = PASSWORD_MIN_LENGTH_RANGE;
  if (value < min || value > max) throw new Error(`PASSWORD_MIN_LENGTH must be between ${min} and ${max}`);
  return value;
}

/** The limits per address, account and user (docs/security.md "Limits"): the API's from `API_RATE_LIMIT`. */
function rateLimits(env: Env): Config['rateLimit'] {
  const minutes = (n: number) => n * 60 * 1000;
  return {
    tokenPerIp: { max: 60, windowMs: minutes(1) },
    tokenFailuresPerUsername: { max: 10, windowMs: minutes(15) },
    ssoPerIp: { max: 30, windowMs: minutes(1) },
    mfaFailuresPerAccount: { max: 10, windowMs: minutes(15) },
    forgotPerIp: { max: 10, windowMs: minutes(15) },
    resetMailsPerAccount: { max: 3, windowMs: minutes(60) },
    resetPerIp: { max: 30, windowMs: minutes(15) },
    resetPerAccount: { max: 10, windowMs: minutes(15) },
    passwordPerIp: { max: 30, windowMs: minutes(15) },
    passwordFailuresPerAccount: { max: 5, windowMs: minutes(15) },
    uploadsPerIp: { max: 120, windowMs: minutes(10) },
    uploadsPerUser: { max: 60, windowMs: minutes(10) },
    apiPerUser: { max: int(env, 'API_RATE_LIMIT', 1200), windowMs: minutes(1) },
    publicReadPerIp: { max: 600, windowMs: minutes(1) },
    publicContactPerIp: { max: 5, windowMs: minutes(10) },
    publicSubscribePerIp: { max: 10, windowMs: minutes(10) },
    publicNotifications: { max: 30, windowMs: minutes(60) },
  };
}

/** OIDC_*: all three of issuer, client id and secret, or none (no single sign-on). */
export function oidcSettings(env: Env): OidcSettings | undefined {
  const issuer = text(env, 'OIDC_ISSUER');
  const clientId = text(env, 'OIDC_CLIENT_ID');
  const clientSecret = text(env, 'OIDC_CLIENT_SECRET');
  if (!issuer && !clientId && !clientSecret) return undefined;
  if (!issuer || !clientId || !clientSecret)
    throw new Error(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together (or none: no single sign-on)',
    );
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error('OIDC_ISSUER must be an https URL');
  }
  // Plain http only for a provider on this machine (a test's, a developer's).
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error('OIDC_ISSUER must be an https URL');
  return {
    issuer,
    clientId,
    clientSecret,
    name: text(env, 'OIDC_NAME') ?? 'SSO',
    emailClaim: text(env, 'OIDC_EMAIL_CLAIM') ?? 'email',
    newUserRole: text(env, 'OIDC_NEW_USER_ROLE'),
    passwordSignIn: flag(env, 'OIDC_PASSWORD_SIGN_IN', true),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const appName = text(env, 'APP_NAME') ?? en.appName;
  return {
    port,
    host: text(env, 'HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    ...databaseConnectTimeout(env),
    inMemoryDb: false,
    uploadsDir: path.join(dataDir, 'uploads'),
    s3: s3Settings(env),
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
    accessTokenTtl: accessTokenTtl(env),
    refreshTokenTtl: int(env, 'REFRESH_TOKEN_TTL', 2592000),
    oidc: oidcSettings(env),
    passwordResetTtl: 60 * 60,
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? `"${appName}" <no-reply@localhost>`,
    redisUrl: text(env, 'REDIS_URL'),
    redisPrefix: text(env, 'REDIS_PREFIX') ?? 'company-admin:',
    trustProxy: parseTrustProxy(text(env, 'TRUST_PROXY')),
    passwordMinLength: passwordMinLength(env),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365),
    sheetLimits: {
      maxEntries: 200,
      maxUncompressedBytes: 100 * 1024 * 1024,
      maxSharedStrings: 1_000_000,
      maxRows: 1_000_001,
    },
    imageMaxPixels: 40_000_000,
    richTextEditorKey: text(env, 'RICH_TEXT_EDITOR_KEY') ?? '',
    hostAppUrl: text(env, 'HOST_APP_URL') ?? '',
    passkeyOrigin: (text(env, 'PASSKEY_ORIGIN') ?? '').replace(/\/+$/, ''),
    trashRetentionDays: int(env, 'TRASH_RETENTION_DAYS', 30),
    sitemapPaths: sitemapPaths(env),
    website: {
      cacheMaxAge: int(env, 'PUBLIC_CACHE_MAX_AGE', 60),
      cacheStale: int(env, 'PUBLIC_CACHE_STALE_WHILE_REVALIDATE', 300),
      previewUrl: previewUrl(env),
      previewTtlMinutes: Math.max(1, int(env, 'PREVIEW_TTL_MINUTES', 60)),
    },
    webhooks: {
      allowLoopback: flag(env, 'WEBHOOK_ALLOW_LOOPBACK', false),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    },
    inboxRetentionDays: int(env, 'INBOX_RETENTION_DAYS', 0),
    authCacheMs: int(env, 'AUTH_CACHE_MS', 1000),
    shutdownDelayMs: int(env, 'SHUTDOWN_DELAY_MS', 0),
    clockOffsetMs: int(env, 'CLOCK_OFFSET_MS', 0),
    jobs: { ...DEFAULT_QUEUE_SETTINGS },
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    rateLimit: rateLimits(env),
  };
}

/**
 * The names no password may contain (src/shared/passwordPolicy.ts): the product's (APP_NAME) and
 * the sender name of MAIL_FROM, which is how the company signs its mail.
 */
export function organisationNamesOf(config: Pick<Config, 'appName' | 'mailFrom'>): string[] {
  const sender = /^\s*"?([^"<]*?)"?\s*</.exec(config.mailFrom)?.[1]?.trim();
  return [...new Set([config.appName, ...(sender ? [sender] : [])])];
}
