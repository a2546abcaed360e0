import { brandsResource } from './brands';
import { categoriesResource } from './categories';
import { productsResource } from './products';
import { canReadOptions, optionReaderKeys, optionsPath } from './resource';
import { rolesResource } from './roles';

describe('resource options', () => {
  it('are opened by the group’s index key and by every key of its reader groups', () => {
    expect(optionReaderKeys(brandsResource)).toEqual([
      'brands.index',
      'products.index',
      'products.store',
      'products.update',
      'products.destroy',
    ]);
    expect(optionReaderKeys(rolesResource)).toEqual([
      'roles.index',
      'users.index',
      'users.store',
      'users.update',
      'users.destroy',
    ]);
    // A highlight's product select, an article's related products and the inbox's product filter read
    // the products' options.
    expect(optionReaderKeys(productsResource)).toEqual([
      'products.index',
      'product-highlights.index',
      'product-highlights.store',
      'product-highlights.update',
      'product-highlights.destroy',
      'product-articles.index',
      'product-articles.store',
      'product-articles.update',
      'product-articles.destroy',
      'contact-forms.index',
      'contact-forms.update',
      'contact-forms.destroy',
    ]);
  });

  it('are readable with any one of those keys, and not without', () => {
    expect(canReadOptions(['products.store'], categoriesResource)).toBe(true);
    expect(canReadOptions(['categories.index'], categoriesResource)).toBe(true);
    expect(canReadOptions(['users.index'], categoriesResource)).toBe(false);
    expect(canReadOptions(['users.update'], rolesResource)).toBe(true);
    expect(canReadOptions(undefined, rolesResource)).toBe(false);
  });

  it('live under the group’s path', () => {
    expect(optionsPath(brandsResource)).toBe('/api/brands/options');
  });
});
