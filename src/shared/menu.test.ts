import { MENU, filterMenu, findSelectedKey, type MenuItem } from './menu';
import {
  CALENDAR_PERMISSION,
  PERMISSION_CATALOGUE,
  PERMISSIONS,
  hasPermission,
  holdsRule,
  ruleKeys,
} from './permissions';
import { ROUTES } from './routes';

// Properties of the menu, not its literal tree: a resource added with `npm run new:resource --menu
// <group>` adds an entry without touching this file.
const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
const keys = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => [item.key, ...(item.children ? keys(item.children) : [])]);
const ALL_KEYS = PERMISSION_CATALOGUE.map((p) => p.name);
/** Whether `part` appears in `whole` in the same order (other entries may sit between). */
const inOrder = (whole: readonly string[], part: readonly string[]) => {
  let at = 0;
  for (const label of whole) if (label === part[at]) at += 1;
  return at === part.length;
};

describe('the menu', () => {
  it("has the spec's top-level entries, in the spec's order (spec §2 Side menu)", () => {
    expect(MENU.map((item) => item.label)).toEqual([
      'Dashboard',
      'Pages',
      'Product',
      'Content',
      'Inbox',
      'Setting',
    ]);
  });

  it.each([
    ['Product', ['Brand', 'Category', 'List']],
    ['Content', ['Product Highlight', 'Promotion', 'News', 'Product Article']],
    ['Inbox', ['Contact Form', 'Subscribe']],
    ['Setting', ['Company', 'User', 'Role']],
  ])("has the spec's entries under %s, in its order", (group, entries) => {
    const children = MENU.find((item) => item.label === group)?.children ?? [];
    expect(
      inOrder(
        children.map((child) => child.label),
        entries,
      ),
    ).toBe(true);
  });

  it('gives every entry a route and a permission key from their modules, and every group children', () => {
    const routes = new Set<string>(Object.values(ROUTES));
    const permissions = new Set<string>(Object.values(PERMISSIONS));
    for (const item of MENU) {
      if (item.children) {
        expect(item.children.length).toBeGreaterThan(0);
        expect(item.path).toBeUndefined();
        expect(item.children.every((child) => !child.children)).toBe(true);
      }
    }
    for (const leaf of leaves(MENU)) {
      expect(routes).toContain(leaf.path);
      for (const key of ruleKeys(leaf.permission!)) expect(permissions).toContain(key);
    }
  });

  it("guards each entry by a list's key: 'any', or a group's index (show for one-record settings)", () => {
    const readKeys = PERMISSION_CATALOGUE.filter((p) => p.action === 'index' || p.action === 'show').map(
      (p) => p.name,
    );
    for (const leaf of leaves(MENU))
      for (const key of ruleKeys(leaf.permission!)) expect([PERMISSIONS.any, ...readKeys]).toContain(key);
  });

  it('has unique keys and unique paths, each path selecting its own entry', () => {
    expect(new Set(keys(MENU)).size).toBe(keys(MENU).length);
    const paths = leaves(MENU).map((leaf) => leaf.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const group of MENU)
      for (const leaf of group.children ?? [group])
        expect(findSelectedKey(MENU, leaf.path!)).toEqual({
          key: leaf.key,
          parentKey: group.children ? group.key : undefined,
        });
  });
});

describe('filterMenu', () => {
  it("shows a user without permissions only what 'any' guards", () => {
    const shown = leaves(filterMenu(MENU, []));
    expect(shown.map((leaf) => leaf.key)).toEqual(['dashboard']);
    expect(shown.every((leaf) => leaf.permission === PERMISSIONS.any)).toBe(true);
  });

  it('shows each entry to exactly the holders of its key, and a parent only with a child shown', () => {
    for (const leaf of leaves(MENU)) {
      if (leaf.permission === PERMISSIONS.any || typeof leaf.permission !== 'string') continue;
      const key = leaf.permission;
      const shown = filterMenu(MENU, [key]);
      // The entries that key shows (Company and Inbox share settings.show; the calendar takes any
      // content index), in menu order.
      const sharing = leaves(MENU).filter(
        (item) => item.permission !== PERMISSIONS.any && holdsRule([key], item.permission!),
      );
      expect(leaves(shown).map((item) => item.key)).toEqual([
        'dashboard',
        ...sharing.map((item) => item.key),
      ]);
      expect(shown.every((item) => !item.children || item.children.length > 0)).toBe(true);
      const without = ALL_KEYS.filter((other) => other !== key);
      expect(keys(filterMenu(MENU, without))).not.toContain(leaf.key);
    }
  });

  it('shows the calendar under Content to a holder of any one content index, and to no one else', () => {
    for (const key of CALENDAR_PERMISSION.anyOf) {
      const content = filterMenu(MENU, [key]).find((item) => item.key === 'content');
      expect(content?.children?.map((child) => child.key)).toContain('calendar');
    }
    const others = ALL_KEYS.filter((key) => !CALENDAR_PERMISSION.anyOf.includes(key));
    expect(keys(filterMenu(MENU, others))).not.toContain('calendar');
  });

  it('shows the whole tree to a user holding every key', () => {
    expect(filterMenu(MENU, ALL_KEYS)).toEqual(MENU);
  });
});

describe('findSelectedKey', () => {
  it('selects the dashboard only on /', () => {
    expect(findSelectedKey(MENU, '/')).toEqual({ key: 'dashboard', parentKey: undefined });
  });
  it('selects the longest matching entry and its parent', () => {
    expect(findSelectedKey(MENU, '/product/brand/12')).toEqual({ key: 'brand', parentKey: 'product' });
    expect(findSelectedKey(MENU, '/product/42')).toEqual({ key: 'product-list', parentKey: 'product' });
  });
  it('selects nothing for a path outside the menu', () => {
    expect(findSelectedKey(MENU, '/profile').key).toBeUndefined();
  });
});

describe('permission catalogue', () => {
  it('names each permission group.action with the method of its route', () => {
    expect(PERMISSION_CATALOGUE).toContainEqual({
      name: 'brands.store',
      group: 'brands',
      action: 'store',
      method: 'POST',
    });
    expect(PERMISSION_CATALOGUE).toContainEqual({
      name: 'settings.show',
      group: 'settings',
      action: 'show',
      method: 'GET',
    });
  });
  it('holds one permission per group and method', () => {
    const pairs = PERMISSION_CATALOGUE.map((p) => `${p.group}:${p.method}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
  it('holds a rule of one key, of every key of a list, or of any one key of anyOf', () => {
    const held = [PERMISSIONS.newsIndex, PERMISSIONS.brandsIndex];
    expect(holdsRule(held, PERMISSIONS.newsIndex)).toBe(true);
    expect(holdsRule(held, [PERMISSIONS.newsIndex, PERMISSIONS.brandsIndex])).toBe(true);
    expect(holdsRule(held, [PERMISSIONS.newsIndex, PERMISSIONS.usersIndex])).toBe(false);
    expect(holdsRule(held, { anyOf: [PERMISSIONS.usersIndex, PERMISSIONS.newsIndex] })).toBe(true);
    expect(holdsRule(held, { anyOf: [PERMISSIONS.usersIndex, PERMISSIONS.rolesIndex] })).toBe(false);
    expect(holdsRule(held, { anyOf: [] })).toBe(false);
    expect(holdsRule(undefined, { anyOf: [PERMISSIONS.newsIndex] })).toBe(false);
  });
  it("lets everyone see what is guarded by 'any'", () => {
    expect(hasPermission([], 'any')).toBe(true);
    expect(hasPermission(undefined, 'users.index')).toBe(false);
  });
});
