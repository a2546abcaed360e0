import { productHighlightsServer } from '../resources/productHighlights';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(productHighlightsServer, async () => ({
  title: 'A fully populated product highlight',
  slug: 'a-fully-populated-product-highlights',
  status: 0,
}));
