import { MENU, filterMenu, findSelectedKey } from './menu';
import { PERMISSION_CATALOGUE, hasPermission } from './permissions';

const labels = (items: ReturnType<typeof filterMenu>): unknown[] =>
  items.map((item) => (item.children ? { [item.label]: labels(item.children) } : item.label));

describe('filterMenu', () => {
  it('shows only the dashboard to a user without permissions', () => {
    expect(labels(filterMenu(MENU, []))).toEqual(['Dashboard']);
  });

  it('shows a parent with only the children whose key is held', () => {
    expect(labels(filterMenu(MENU, ['brands.index']))).toEqual(['Dashboard', { Product: ['Brand'] }]);
  });

  it('shows the whole tree to a user holding every key', () => {
    const all = PERMISSION_CATALOGUE.map((p) => p.name);
    expect(labels(filterMenu(MENU, all))).toEqual([
      'Dashboard',
      'Pages',
      { Product: ['Brand', 'Category', 'List'] },
      { Content: ['Product Highlight', 'Promotion', 'News', 'Product Article'] },
      { Inbox: ['Contact Form', 'Subscribe'] },
      { Setting: ['Company', 'User', 'Role', 'Audit Log'] },
    ]);
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
  it("lets everyone see what is guarded by 'any'", () => {
    expect(hasPermission([], 'any')).toBe(true);
    expect(hasPermission(undefined, 'users.index')).toBe(false);
  });
});
