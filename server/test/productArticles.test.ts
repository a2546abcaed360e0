import { productArticlesServer } from '../resources/productArticles';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(productArticlesServer, async () => ({
  title: 'A fully populated product article',
  slug: 'a-fully-populated-product-articles',
  status: 0,
}));
