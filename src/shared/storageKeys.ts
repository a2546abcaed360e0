/** localStorage keys (spec §2 List pages, §3 Session values). Nothing else names a storage key. */
export const STORAGE_KEYS = {
  accessToken: 'auth.access_token',
  refreshToken: 'auth.refresh_token',
  expiresIn: 'auth.expires_in',
  expiresAt: 'auth.expires_at',
  /**
   * Not a session value: the signed-in account as last loaded (issue #15), so a reload with a valid
   * session draws the screens before the account call; removed with the session.
   */
  account: 'auth.account',
  /** The cross-tab refresh lock: the Web Lock's name and the fallback lock's key. Not a session value. */
  refreshLock: 'auth.refresh_lock',
  filterBrands: 'filter:brands',
  filterCategories: 'filter:categories',
  filterStatus: 'filter:status',
  filterProducts: 'filter:products',
  filterSources: 'filter:sources',
  /**
   * Not a session value: the last theme preference used in this browser, so a reload (or the sign-in
   * screen) draws in it before the account, which holds the real preference, has loaded.
   */
  theme: 'ui.theme',
  /** Not in the spec's list: the users list's role filter, kept the same way as the others. */
  filterRoles: 'filter:roles',
  /**
   * Not a session value, and in sessionStorage: set when the session ran out and the page reloaded,
   * so the sign-in screen it lands on says why (read once, then removed).
   */
  sessionRanOut: 'auth.session_ran_out',
  /**
   * Not a session value: the records last opened from Search everything, with the id of the user
   * who opened them (another user signing in on this browser never sees them).
   */
  recentRecords: 'ui.recent_records',
  /** Not a session value: the media library shown as a table or as a grid of pictures, in this browser. */
  mediaView: 'ui.media_view',
} as const;

/**
 * Unsaved form drafts live in IndexedDB (not localStorage: they can be large and are written as the
 * user types), in this database and object store, keyed `{user id}:{form key}`.
 */
export const DRAFT_STORE = { database: 'company-admin', store: 'drafts' } as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The four session values, cleared together on sign-out or a failed sign-in. */
export const AUTH_STORAGE_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expiresIn,
  STORAGE_KEYS.expiresAt,
] as const;
