import type { Brand } from '../src/shared/resources/brands';
import type { Category } from '../src/shared/resources/categories';
import type { Product } from '../src/shared/resources/products';
import { optionsOf } from './settingFixtures';

/** Test data of the Product menu screens (brands, categories, products), as the API answers them. */

const stamps = {
  created_at: '2024-04-02T09:00:00.000Z',
  updated_at: '2024-04-03T10:30:00.000Z',
  created_by: null,
  updated_by: null,
};

export const acme: Brand = {
  id: 1,
  name: 'Acme',
  slug: 'acme',
  logo: null,
  description: 'Tools since 1949',
  status: 1,
  products_count: 2,
  ...stamps,
};

export const globex: Brand = {
  ...acme,
  id: 2,
  name: 'Globex',
  slug: 'globex',
  description: null,
  status: 0,
  products_count: 0,
};

export const pumps: Category = {
  id: 10,
  name: 'Pumps',
  slug: 'pumps',
  image: null,
  description: null,
  status: 1,
  products_count: 1,
  ...stamps,
};

export const valves: Category = { ...pumps, id: 11, name: 'Valves', slug: 'valves', products_count: 0 };

export const roadRunner: Product = {
  id: 100,
  name: 'Road Runner Pump',
  slug: 'road-runner-pump',
  brand: { id: acme.id, name: acme.name, slug: acme.slug },
  other_brand: null,
  category: { id: pumps.id, name: pumps.name, slug: pumps.slug },
  model: 'RR-1',
  function: 'Moves water',
  specification: '1 kW',
  overview: '<p>Fast</p>',
  application: '<p>Farms</p>',
  image: null,
  mobile_image: null,
  document: null,
  catalogue: { id: 55, url: '/uploads/rr-1.pdf', name: 'rr-1.pdf', mime: 'application/pdf', size: 2048 },
  status: 1,
  meta_title: 'Road Runner Pump',
  meta_description: null,
  meta_keyword: null,
  ...stamps,
};

/** `GET /api/brands/options` and `GET /api/categories/options` as the option hooks load them. */
export const catalogOptionRoutes = {
  'GET /api/brands/options': { body: optionsOf([acme, globex]) },
  'GET /api/categories/options': { body: optionsOf([pumps, valves]) },
};
