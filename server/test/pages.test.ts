import { pagesServer } from '../resources/pages';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(pagesServer, async () => ({
  title: 'A fully populated page',
  slug: 'a-fully-populated-pages',
  status: 0,
}));
