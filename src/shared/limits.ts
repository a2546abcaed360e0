/** Business constants and limits (spec §2, §9; design card). */
export const DURATIONS = {
  /** Toast for a message (success, error), in ms. */
  messageMs: 3000,
  /** Toast for a notification, in ms. */
  notificationMs: 4500,
  /** webpack's script chunk load time-out, in ms. */
  chunkLoadTimeoutMs: 120000,
  /**
   * How long before the access token's expiry a tab refreshes it at most, in ms. A shorter-lived
   * token is refreshed at `TOKEN_REFRESH.lifetimeShare` of its lifetime instead (issue #41).
   */
  refreshBeforeExpiryMs: 60000,
  /** How long a tab holds the cross-tab refresh lock before another may take it, in ms. */
  refreshLockMs: 15000,
  /** How long typing must pause before a form's draft is written to local storage, in ms. */
  draftSaveMs: 400,
  /** How often an open tab asks whether a new version of the app was deployed, in ms. */
  versionCheckMs: 5 * 60 * 1000,
} as const;

/** When the access token is refreshed, and the shortest lifetime the server issues (issue #41). */
export const TOKEN_REFRESH = {
  /**
   * Share of the token's lifetime (as seen when the session was reported) after which a tab
   * refreshes it, when that comes before `DURATIONS.refreshBeforeExpiryMs` ahead of the expiry: a
   * 60 s token is refreshed after 30 s, an hour's a minute before it ends.
   */
  lifetimeShare: 0.5,
  /**
   * The shortest ACCESS_TOKEN_TTL the server starts with, in seconds: the refresh at half of it
   * must fit the cross-tab lock's lifetime (`DURATIONS.refreshLockMs`) before the token ends.
   */
  minAccessTokenTtlS: 30,
} as const;

export const SIZES = {
  loadingBlockHeight: 400,
  drawerWidth: 378,
  drawerWidthLarge: 736,
  drawerPush: 180,
} as const;

/** The largest id a row can have (a PostgreSQL integer); a larger one is refused as invalid, not sent on. */
export const MAX_ID = 2_147_483_647;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * Most rows `GET /api/<group>/options` answers (by name; the rest are left out). Options are not
 * paged: they list what people manage by hand (brands, categories, roles), far below this.
 */
export const OPTIONS_MAX = 5000;

/** Upload limits, shown in the upload hints and enforced by the server. */
export const UPLOAD_LIMITS = {
  image: {
    maxBytes: 2 * 1024 * 1024,
    mimes: ['image/jpeg', 'image/png', 'image/webp'],
    accept: 'image/jpeg,image/png,image/webp',
  },
  document: {
    maxBytes: 10 * 1024 * 1024,
    mimes: ['application/pdf'],
    accept: 'application/pdf',
  },
} as const;

export type UploadKind = keyof typeof UPLOAD_LIMITS;

/** Recommended pixel sizes per upload field, shown in its hint. */
export const RECOMMENDED_SIZES = {
  photo: { width: 400, height: 400 },
  logo: { width: 240, height: 80 },
  categoryImage: { width: 600, height: 400 },
  productImage: { width: 800, height: 800 },
  productMobileImage: { width: 480, height: 480 },
  /** The image group of content and pages (its desktop and mobile picture) and a page's banner. */
  image: { width: 1200, height: 800 },
  mobileImage: { width: 600, height: 800 },
  banner: { width: 1920, height: 600 },
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/**
 * Password length bounds used by every new password (OWASP ASVS 2.1.1–2.1.2): at least 12 unless
 * PASSWORD_MIN_LENGTH says otherwise (`setPasswordMinLength`), up to 128.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

let passwordMin: number = PASSWORD_MIN;

/**
 * PASSWORD_MIN_LENGTH: the server sets it from its configuration, the SPA from `/env.js` as it
 * starts. Kept here, beside the bounds, rather than with the password policy: setting it must not
 * bring Yup into the SPA's first load (bench/bundle-size.ts).
 */
export function setPasswordMinLength(length: number): void {
  passwordMin = length;
}

export const passwordMinLength = (): number => passwordMin;

let organisationNameList: readonly string[] = [];

/**
 * The company's and the product's names (APP_NAME, MAIL_FROM's display name) that no password may
 * contain: the server sets them from its configuration, the SPA from `/env.js`, like the minimum.
 */
export function setOrganisationNames(names: readonly string[]): void {
  organisationNameList = [...names];
}

export const organisationNames = (): readonly string[] => organisationNameList;
export const NAME_MAX = 255;
export const PHONE_MAX = 30;
