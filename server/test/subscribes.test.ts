import { subscribesServer } from '../resources/subscribes';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(subscribesServer, async () => ({
  title: 'A fully populated subscribe',
  slug: 'a-fully-populated-subscribes',
  status: 0,
}));
