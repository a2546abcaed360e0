import { productArticlesServer } from '../resources/productArticles';
import { createProduct, createTaxon, uploaded } from './catalogFixtures';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(productArticlesServer, async (t, token) => {
  const category = await createTaxon(t, token, '/api/categories', { name: 'Article Pumps' });
  const brand = await createTaxon(t, token, '/api/brands', { name: 'Article Acme' });
  const one = await createProduct(t, token, { category_id: category.id, brand_id: brand.id });
  const two = await createProduct(t, token, { category_id: category.id, brand_id: brand.id });
  return {
    title: 'A fully populated product article',
    slug: 'a-fully-populated-product-article',
    date: '2026-04-02',
    summary: 'Choosing a pump',
    description_one: '<p>Part <strong>one</strong></p>',
    description_two: '<p>Part <em>two</em></p>',
    image: (await uploaded(t, token, 'image')).id,
    image_alt: 'The image, described',
    mobile_image: (await uploaded(t, token, 'image')).id,
    mobile_image_alt: 'The mobile image, described',
    products: [one.id, two.id],
    status: 1,
    meta_title: 'Article meta title',
    meta_description: 'Article meta description',
    meta_keyword: 'article, pumps',
  };
});
