import { brandsServer } from '../resources/brands';
import { categoriesServer } from '../resources/categories';
import { productsServer } from '../resources/products';
import { rolesServer } from '../resources/roles';
import { usersServer } from '../resources/users';
import { createTaxon, uploaded } from './catalogFixtures';
import { createRole } from './fixtures';
import { describeResource } from './roundTrip';

// One call per resource: its declaration and a fully populated create input (every field set).
describeResource(usersServer, async (t, token) => ({
  name: 'Round Trip User',
  email: 'round.trip@example.com',
  phone_number: '+44 20 7946 0000',
  role_id: await createRole(t.app, ['products.index']),
  status: 1,
  photo: (await uploaded(t, token, 'image')).id,
  password: 'Quartz-Lantern-7419',
  password_confirmation: 'Quartz-Lantern-7419',
}));
describeResource(rolesServer, async () => ({ name: 'Round Trip Role', permissions: [1, 2, 5] }));
describeResource(brandsServer, async (t, token) => ({
  name: 'Round Trip Brand',
  slug: 'round-trip-brand',
  description: 'Every field of a brand',
  status: 0,
  logo: (await uploaded(t, token, 'image')).id,
}));
describeResource(categoriesServer, async (t, token) => ({
  name: 'Round Trip Category',
  slug: 'round-trip-category',
  description: 'Every field of a category',
  status: 0,
  image: (await uploaded(t, token, 'image')).id,
}));
describeResource(productsServer, async (t, token) => ({
  name: 'Round Trip Product',
  slug: 'round-trip-product',
  brand_id: (await createTaxon(t, token, '/api/brands', { name: 'Trip Brand' })).id,
  other_brand: 'Made by partners',
  category_id: (await createTaxon(t, token, '/api/categories', { name: 'Trip Category' })).id,
  model: 'RT-1',
  function: 'Pumps water both ways',
  specification: '3 kW, 230 V',
  overview: '<p>The <strong>whole</strong> overview</p>',
  application: '<ul><li>Farms</li></ul>',
  image: (await uploaded(t, token, 'image')).id,
  mobile_image: (await uploaded(t, token, 'image')).id,
  document: (await uploaded(t, token, 'document')).id,
  catalogue: (await uploaded(t, token, 'document')).id,
  status: 0,
  meta_title: 'Round trip product',
  meta_description: 'A product with every field set',
  meta_keyword: 'round, trip',
}));
