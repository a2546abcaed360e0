/**
 * What an add screen is called, per resource (its H1, last breadcrumb and document title): "Add
 * brand". A detail screen is called by its record's name. Signed-in screens only.
 */
export const ADD_TITLES = {
  brands: 'Add brand',
  categories: 'Add category',
  products: 'Add product',
  productHighlights: 'Add product highlight',
  promotions: 'Add promotion',
  news: 'Add news item',
  productArticles: 'Add product article',
  pages: 'Add page',
  users: 'Add user',
  roles: 'Add role',
} as const satisfies Record<string, string>;

/** The add screen's name for a resource (`contract.key`, its item name as a fallback). */
export const addTitle = (contract: { key: string; item: string }): string =>
  (ADD_TITLES as Record<string, string>)[contract.key] ?? `Add ${contract.item.toLowerCase()}`;
