import { productHighlightsServer } from '../resources/productHighlights';
import { createProduct, createTaxon, uploaded } from './catalogFixtures';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(productHighlightsServer, async (t, token) => {
  const category = await createTaxon(t, token, '/api/categories', { name: 'Highlight Pumps' });
  const brand = await createTaxon(t, token, '/api/brands', { name: 'Highlight Acme' });
  const product = await createProduct(t, token, { category_id: category.id, brand_id: brand.id });
  return {
    title: 'A fully populated highlight',
    description: 'Our best pump',
    link: 'https://example.com/pumps/best',
    product_id: product.id,
    position: 3,
    image: (await uploaded(t, token, 'image')).id,
    image_alt: 'The image, described',
    mobile_image: (await uploaded(t, token, 'image')).id,
    mobile_image_alt: 'The mobile image, described',
    status: 1,
  };
});
