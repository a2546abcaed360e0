import { CALENDAR_PERMISSION, PERMISSIONS, holdsRule, type AnyOf } from './permissions';
import { ROUTES } from './routes';

/** One entry of the side menu (spec §2 Side menu). `icon` names an icon the UI maps to a component. */
export interface MenuItem {
  key: string;
  label: string;
  icon?: string;
  path?: string;
  /** The key that shows the entry ('any' for everyone), or `{ anyOf }`: any one of several keys. */
  permission?: string | AnyOf;
  children?: MenuItem[];
}

export const MENU: MenuItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    icon: 'dashboard',
    path: ROUTES.dashboard,
    permission: PERMISSIONS.any,
  },
  { key: 'pages', label: 'Pages', icon: 'pages', path: ROUTES.pages, permission: PERMISSIONS.pagesIndex },
  {
    key: 'product',
    label: 'Product',
    icon: 'product',
    children: [
      { key: 'brand', label: 'Brand', path: ROUTES.brands, permission: PERMISSIONS.brandsIndex },
      {
        key: 'category',
        label: 'Category',
        path: ROUTES.categories,
        permission: PERMISSIONS.categoriesIndex,
      },
      { key: 'product-list', label: 'List', path: ROUTES.products, permission: PERMISSIONS.productsIndex },
    ],
  },
  {
    key: 'content',
    label: 'Content',
    icon: 'content',
    children: [
      {
        key: 'calendar',
        label: 'Calendar',
        path: ROUTES.calendar,
        permission: CALENDAR_PERMISSION,
      },
      {
        key: 'product-highlight',
        label: 'Product Highlight',
        path: ROUTES.productHighlights,
        permission: PERMISSIONS.productHighlightsIndex,
      },
      {
        key: 'promotion',
        label: 'Promotion',
        path: ROUTES.promotions,
        permission: PERMISSIONS.promotionsIndex,
      },
      { key: 'news', label: 'News', path: ROUTES.news, permission: PERMISSIONS.newsIndex },
      {
        key: 'product-article',
        label: 'Product Article',
        path: ROUTES.productArticles,
        permission: PERMISSIONS.productArticlesIndex,
      },
    ],
  },
  {
    key: 'inbox',
    label: 'Inbox',
    icon: 'inbox',
    children: [
      {
        key: 'contact-form',
        label: 'Contact Form',
        path: ROUTES.contactForms,
        permission: PERMISSIONS.contactFormsIndex,
      },
      {
        key: 'subscribe',
        label: 'Subscribe',
        path: ROUTES.subscribes,
        permission: PERMISSIONS.subscribesIndex,
      },
    ],
  },
  {
    key: 'setting',
    label: 'Setting',
    icon: 'setting',
    children: [
      {
        key: 'reply-templates',
        label: 'Reply Template',
        path: ROUTES.replyTemplates,
        permission: PERMISSIONS.replyTemplatesIndex,
      },
      { key: 'media', label: 'Media', path: ROUTES.media, permission: PERMISSIONS.mediaIndex },
      { key: 'webhooks', label: 'Webhook', path: ROUTES.webhooks, permission: PERMISSIONS.webhooksIndex },
      { key: 'website', label: 'Website', path: ROUTES.website, permission: PERMISSIONS.websiteIndex },
      { key: 'company', label: 'Company', path: ROUTES.company, permission: PERMISSIONS.settingsShow },
      {
        key: 'inbox-settings',
        label: 'Inbox',
        path: ROUTES.inboxSettings,
        permission: PERMISSIONS.settingsShow,
      },
      { key: 'user', label: 'User', path: ROUTES.users, permission: PERMISSIONS.usersIndex },
      { key: 'role', label: 'Role', path: ROUTES.roles, permission: PERMISSIONS.rolesIndex },
      {
        key: 'audit-log',
        label: 'Audit Log',
        path: ROUTES.auditLog,
        permission: PERMISSIONS.auditLogsIndex,
      },
      { key: 'privacy', label: 'Privacy', path: ROUTES.privacy, permission: PERMISSIONS.privacyIndex },
    ],
  },
];

/**
 * The menu a user may see: a leaf shows when its key is held ('any' for everyone; any one key of an
 * `anyOf`); a parent shows
 * when any child shows, with only those children.
 */
export function filterMenu(menu: readonly MenuItem[], held: readonly string[] | undefined): MenuItem[] {
  return menu.flatMap((item) => {
    if (item.children) {
      const children = filterMenu(item.children, held);
      return children.length ? [{ ...item, children }] : [];
    }
    return holdsRule(held, item.permission ?? PERMISSIONS.any) ? [item] : [];
  });
}

/** A screen of the menu: its entry, the group it sits in (`Product`) and its path. */
export interface MenuScreen {
  key: string;
  label: string;
  group?: string;
  path: string;
}

/** Every screen of a (filtered) menu, flattened in menu order, with its group's label. */
export function menuScreens(menu: readonly MenuItem[], group?: string): MenuScreen[] {
  return menu.flatMap((item) =>
    item.children
      ? menuScreens(item.children, item.label)
      : item.path
        ? [{ key: item.key, label: item.label, group, path: item.path }]
        : [],
  );
}

/** The menu entry whose path best matches a pathname (longest prefix; '/' only matches itself). */
export function findSelectedKey(
  menu: readonly MenuItem[],
  pathname: string,
): { key?: string; parentKey?: string } {
  let best: { key?: string; parentKey?: string; length: number } = { length: -1 };
  const visit = (items: readonly MenuItem[], parentKey?: string) => {
    for (const item of items) {
      if (item.children) visit(item.children, item.key);
      else if (item.path) {
        const matches =
          item.path === '/'
            ? pathname === '/'
            : pathname === item.path || pathname.startsWith(`${item.path}/`);
        if (matches && item.path.length > best.length)
          best = { key: item.key, parentKey, length: item.path.length };
      }
    }
  };
  visit(menu);
  return { key: best.key, parentKey: best.parentKey };
}

/**
 * The menu group a route sits in (`/product/brand` → 'Product', `/setting/user` → 'Setting'), for
 * the disabled breadcrumb between Dashboard and a list; undefined for a top-level entry.
 */
export function menuSection(route: string, menu: readonly MenuItem[] = MENU): string | undefined {
  return menu.find((group) => group.children?.some((child) => child.path === route))?.label;
}
