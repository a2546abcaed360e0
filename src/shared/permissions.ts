/**
 * The permission catalogue (API contract: Resources, Permissions). A permission is `group.action`
 * with the HTTP method of the route it guards; each (group, method) pair is one permission.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const ACTION_METHODS = {
  index: 'GET',
  show: 'GET',
  store: 'POST',
  update: 'PUT',
  destroy: 'DELETE',
} as const satisfies Record<string, HttpMethod>;

export type PermissionAction = keyof typeof ACTION_METHODS;

/** Every permission group and the actions it has. Import/export need the group's POST/GET key. */
export const PERMISSION_GROUPS = {
  pages: ['index', 'update'],
  products: ['index', 'store', 'update', 'destroy'],
  brands: ['index', 'store', 'update', 'destroy'],
  categories: ['index', 'store', 'update', 'destroy'],
  'product-highlights': ['index', 'store', 'update', 'destroy'],
  promotions: ['index', 'store', 'update', 'destroy'],
  news: ['index', 'store', 'update', 'destroy'],
  'product-articles': ['index', 'store', 'update', 'destroy'],
  'contact-forms': ['index', 'update', 'destroy'],
  subscribes: ['index', 'destroy'],
  settings: ['show', 'update'],
  users: ['index', 'store', 'update', 'destroy'],
  roles: ['index', 'store', 'update', 'destroy'],
  'audit-logs': ['index'],
  'reply-templates': ['index', 'store', 'update', 'destroy'],
  webhooks: ['index', 'store', 'update', 'destroy'],
  /** Setting › Website: the website's read keys (index: see them; store: create; destroy: revoke). */
  website: ['index', 'store', 'destroy'],
  // A person's data (Setting › Privacy): index reads and exports it, destroy erases it.
  privacy: ['index', 'destroy'],
  /** Setting › Media: every uploaded file (index: see them and where each is used; update: replace; destroy: delete). */
  media: ['index', 'update', 'destroy'],
} as const satisfies Record<string, readonly PermissionAction[]>;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;

export const permissionKey = (group: PermissionGroup, action: PermissionAction): string =>
  `${group}.${action}`;

export interface PermissionDefinition {
  name: string;
  group: PermissionGroup;
  action: PermissionAction;
  method: HttpMethod;
}

/** The whole catalogue, in a stable order (seeded into the database on first start). */
export const PERMISSION_CATALOGUE: PermissionDefinition[] = (
  Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly PermissionAction[]][]
).flatMap(([group, actions]) =>
  actions.map((action) => ({
    name: permissionKey(group, action),
    group,
    action,
    method: ACTION_METHODS[action],
  })),
);

/** Keys the menu and the screens check (spec §6). 'any' means every signed-in user. */
export const PERMISSIONS = {
  any: 'any',
  pagesIndex: 'pages.index',
  pagesUpdate: 'pages.update',
  brandsIndex: 'brands.index',
  categoriesIndex: 'categories.index',
  productsIndex: 'products.index',
  productHighlightsIndex: 'product-highlights.index',
  promotionsIndex: 'promotions.index',
  newsIndex: 'news.index',
  productArticlesIndex: 'product-articles.index',
  contactFormsIndex: 'contact-forms.index',
  subscribesIndex: 'subscribes.index',
  settingsShow: 'settings.show',
  settingsUpdate: 'settings.update',
  usersIndex: 'users.index',
  rolesIndex: 'roles.index',
  auditLogsIndex: 'audit-logs.index',
  replyTemplatesIndex: 'reply-templates.index',
  webhooksIndex: 'webhooks.index',
  websiteIndex: 'website.index',
  websiteStore: 'website.store',
  websiteDestroy: 'website.destroy',
  privacyIndex: 'privacy.index',
  privacyDestroy: 'privacy.destroy',
  mediaIndex: 'media.index',
  mediaUpdate: 'media.update',
  mediaDestroy: 'media.destroy',
} as const;

export type PermissionKey = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Whether a user holding `held` may see something guarded by `key`. */
export const hasPermission = (held: readonly string[] | undefined, key: string): boolean =>
  key === PERMISSIONS.any || (held ?? []).includes(key);

/** Whether a user holding `held` holds at least one of `keys`. */
export const hasAnyPermission = (held: readonly string[] | undefined, keys: readonly string[]): boolean =>
  keys.some((key) => hasPermission(held, key));

/** A guard satisfied by any one of its keys (the publishing calendar: any content resource's index). */
export interface AnyOf {
  anyOf: readonly string[];
}

/** What a screen or menu entry needs: one key, every key of a list, or any one key of `anyOf`. */
export type PermissionRule = string | readonly string[] | AnyOf;

/** Whether a user holding `held` satisfies `rule` (an empty `anyOf` is never satisfied). */
export function holdsRule(held: readonly string[] | undefined, rule: PermissionRule): boolean {
  if (typeof rule === 'string') return hasPermission(held, rule);
  if ('anyOf' in rule) return hasAnyPermission(held, rule.anyOf);
  return rule.every((key) => hasPermission(held, key));
}

/** The keys a rule names, for checks that every one is a known permission. */
export const ruleKeys = (rule: PermissionRule): readonly string[] =>
  typeof rule === 'string' ? [rule] : 'anyOf' in rule ? rule.anyOf : rule;

/** Who sees the publishing calendar (issue 39): a holder of any content resource's index key. */
export const CALENDAR_PERMISSION: AnyOf = {
  anyOf: [
    PERMISSIONS.productHighlightsIndex,
    PERMISSIONS.promotionsIndex,
    PERMISSIONS.newsIndex,
    PERMISSIONS.productArticlesIndex,
  ],
};

/**
 * Who may upload what (`POST /api/uploads`): the write keys of the resources with a file field of
 * that kind. Every signed-in user may upload an image: their own profile photo is one such field.
 * Documents (PDF) only go to products (document, catalogue).
 */
export const UPLOAD_PERMISSIONS = {
  image: [PERMISSIONS.any],
  document: [permissionKey('products', 'store'), permissionKey('products', 'update')],
} as const satisfies Record<'image' | 'document', readonly string[]>;
