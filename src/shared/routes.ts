/** Every route of the SPA, in one place (spec §2). Screens, menus, redirects and tests import these. */
export const ROUTES = {
  dashboard: '/',
  profile: '/profile',
  changePassword: '/change-password',
  /** Issue 37: the only screen of a user whose role requires a second factor they have not set up. */
  secondFactorEnrolment: '/second-factor',
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
  /** The publishing calendar (issue 39): `?view=month|week&day=YYYY-MM-DD`. */
  calendar: '/content/calendar',
  contactForms: '/inbox/contact-form',
  subscribes: '/inbox/subscribe',
  company: '/setting/company',
  users: '/setting/user',
  roles: '/setting/role',
  auditLog: '/setting/audit-log',
  inboxSettings: '/setting/inbox',
  replyTemplates: '/setting/reply-template',
  webhooks: '/setting/webhook',
  website: '/setting/website',
  privacy: '/setting/privacy',
  /** The media library (issue 39): every uploaded file, where each is used, replace and delete. */
  media: '/setting/media',
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
  sitemap: '/public/v1/sitemap.xml',
} as const;

/** The public list and item paths of a group the website reads (`/public/v1/products`). */
export const publicPath = (group: string): string => `${PUBLIC_API.prefix}/${group}`;

/** Server paths the SPA calls. */
export const API_PATHS = {
  token: '/oauth/token',
  /** Single sign-on: starts at the company's OpenID Connect provider, which comes back to the callback. */
  ssoStart: '/oauth/sso/start',
  ssoCallback: '/oauth/sso/callback',
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
  /** Whom a message may be assigned to: active users who may read the inbox. */
  contactFormsAssignees: '/api/contact-forms/assignees',
  /** A person's data (Setting › Privacy): `?email=` what is held (GET); erased (DELETE, confirmed). */
  privacy: '/api/privacy',
  /** A person's data as a file: `?email=&format=json|csv`. */
  privacyExport: '/api/privacy/export',
  /** Search everything (Ctrl/Cmd-K): `?q=` across every resource the caller may read. */
  search: '/api/search',
  /** The publishing calendar: `?from=&to=` (YYYY-MM-DD, at most 62 days) of the content the caller may read. */
  calendar: '/api/calendar',
  /** Moves one calendar item's dates (POST), with the resource's update key. */
  calendarMove: '/api/calendar/move',
  /** The caller's iCal feed (GET: whether one exists; POST: a new URL, replacing any; DELETE: revoke). */
  calendarFeed: '/api/calendar/feed',
  /** The feed itself, read by calendar apps without sign-in: `/api/calendar/feed/<token>.ics`. */
  calendarFeedFile: '/api/calendar/feed/:file',
  /** What needs attention: the week ahead, stale content, new subscribers. */
  dashboard: '/api/dashboard',
  /** A webhook's delivery log (`?before=<id>` pages back), its test event, a delivery resent. */
  webhookDeliveries: '/api/webhooks/:id/deliveries',
  webhookTest: '/api/webhooks/:id/test',
  webhookResend: '/api/webhooks/:id/deliveries/:deliveryId/resend',
  /** The website's read keys (GET list, POST create: the key shown once); `/:id` DELETE revokes. */
  websiteKeys: '/api/website/keys',
  websiteKey: '/api/website/keys/:id',
  /** "Preview on site": POST mints a preview token of one item; `/:id` DELETE revokes it. */
  previews: '/api/previews',
  preview: '/api/previews/:id',
  /** The media library's files (GET list, `/:id` DELETE); `/:id/usage` where one is used; `/:id/file` POST replaces it. */
  media: '/api/media',
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

/** Who owns a message (PUT `{assignee_id, updated_at}`; null: nobody). */
export const assigneePath = (id: number | string): string => `/api/contact-forms/${id}/assignee`;

/** A reply template filled in for a message (`?template=<id>`): the reply form's subject and text. */
export const replyDraftPath = (id: number | string): string => `${contactRepliesPath(id)}/draft`;

/** The response header every answer carries the served build's id in (see API_PATHS.version). */
export const BUILD_ID_HEADER = 'x-build-id';

/** The file, in the built SPA's folder, the build writes its id into: `{"id": "<webpack's hash>"}`. */
export const BUILD_INFO_FILE = 'build.json';
