/** Every route of the SPA, in one place (spec §2). Screens, menus, redirects and tests import these. */
export const ROUTES = {
  dashboard: '/',
  profile: '/profile',
  changePassword: '/change-password',
  login: '/login',
  forgotPassword: '/forgot-password',
  forgotPasswordSuccess: '/forgot-password-success',
  resetPassword: '/reset-password',
  pages: '/page',
  products: '/product',
  brands: '/product/brand',
  categories: '/product/category',
  productHighlights: '/content/product-highlight',
  promotions: '/content/promotion',
  news: '/content/news',
  productArticles: '/content/product-article',
  contactForms: '/inbox/contact-form',
  subscribes: '/inbox/subscribe',
  company: '/setting/company',
  users: '/setting/user',
  roles: '/setting/role',
  auditLog: '/setting/audit-log',
  inboxSettings: '/setting/inbox',
  replyTemplates: '/setting/reply-template',
} as const;

export type AppRoute = (typeof ROUTES)[keyof typeof ROUTES];

/** A list route's add page, e.g. `/product/brand/add`. */
export const addPath = (listPath: string): string => `${listPath}/add`;

/** A list route's detail page of one item, e.g. `/product/brand/4` (`:id` for the route pattern). */
export const itemPath = (listPath: string, id: number | ':id'): string => `${listPath}/${id}`;

/** A list route's deleted records (issue 12), e.g. `/product/brand/trash`: restorable for a while. */
export const trashPath = (listPath: string): string => `${listPath}/trash`;

/** Server-side prefixes that never fall back to the SPA's index.html. */
export const SERVER_PREFIXES = ['/api', '/oauth', '/uploads', '/public'] as const;

/** The website's public API (no sign-in): its prefix and its fixed paths. */
export const PUBLIC_API = {
  prefix: '/public/v1',
  contactForms: '/public/v1/contact-forms',
  subscribes: '/public/v1/subscribes',
  unsubscribe: '/public/v1/subscribes/unsubscribe',
  confirmSubscribe: '/public/v1/subscribes/confirm',
  company: '/public/v1/company',
} as const;

/** The public list and item paths of a group the website reads (`/public/v1/products`). */
export const publicPath = (group: string): string => `${PUBLIC_API.prefix}/${group}`;

/** Server paths the SPA calls. */
export const API_PATHS = {
  token: '/oauth/token',
  account: '/api/account',
  accountPassword: '/api/account/password',
  accountPreferences: '/api/account/preferences',
  logout: '/api/account/logout',
  /** The caller's own sessions (GET); `/end-others` (POST) ends all but this one. */
  accountSessions: '/api/account/sessions',
  accountSessionsEndOthers: '/api/account/sessions/end-others',
  passwordForgot: '/api/password/forgot',
  passwordReset: '/api/password/reset',
  uploads: '/api/uploads',
  permissions: '/api/permissions',
  companySettings: '/api/settings/company',
  inboxSettings: '/api/settings/inbox',
  inboxBlockList: '/api/settings/inbox/block-list',
  contactFormsState: '/api/contact-forms/state',
  contactFormsCount: '/api/contact-forms/count',
  /** Search everything (Ctrl/Cmd-K): `?q=` across every resource the caller may read. */
  search: '/api/search',
  /** What needs attention: the week ahead, stale content, new subscribers. */
  dashboard: '/api/dashboard',
  health: '/api/health',
  ready: '/api/ready',
  version: '/api/version',
  docs: '/api/docs',
  env: '/env.js',
} as const;

/** One of the caller's own sessions (DELETE ends it). */
export const accountSessionPath = (id: number | string): string => `${API_PATHS.accountSessions}/${id}`;
/** A user's sessions (GET), for holders of users.update; `/end-all` (POST) ends them. */
export const userSessionsPath = (userId: number | string): string => `/api/users/${userId}/sessions`;
/** One session of a user (DELETE ends it). */
export const userSessionPath = (userId: number | string, id: number | string): string =>
  `${userSessionsPath(userId)}/${id}`;
export const userSessionsEndAllPath = (userId: number | string): string =>
  `${userSessionsPath(userId)}/end-all`;

/** A contact message's replies: its thread (GET) and a new reply sent by mail (POST). */
export const contactRepliesPath = (id: number | string): string => `/api/contact-forms/${id}/replies`;

/** "Not spam": a message filed as Spam back to New (POST). */
export const notSpamPath = (id: number | string): string => `/api/contact-forms/${id}/not-spam`;

/** A reply template filled in for a message (`?template=<id>`): the reply form's subject and text. */
export const replyDraftPath = (id: number | string): string => `${contactRepliesPath(id)}/draft`;

/** The response header every answer carries the served build's id in (see API_PATHS.version). */
export const BUILD_ID_HEADER = 'x-build-id';

/** The file, in the built SPA's folder, the build writes its id into: `{"id": "<webpack's hash>"}`. */
export const BUILD_INFO_FILE = 'build.json';
