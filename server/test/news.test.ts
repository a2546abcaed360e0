import { newsServer } from '../resources/news';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(newsServer, async () => ({
  title: 'A fully populated news',
  slug: 'a-fully-populated-news',
  status: 0,
}));
