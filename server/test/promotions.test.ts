import { promotionsServer } from '../resources/promotions';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(promotionsServer, async () => ({
  title: 'A fully populated promotion',
  slug: 'a-fully-populated-promotions',
  status: 0,
}));
