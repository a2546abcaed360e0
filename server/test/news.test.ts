import { newsServer } from '../resources/news';
import { uploaded } from './catalogFixtures';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(newsServer, async (t, token) => ({
  title: 'A fully populated news',
  slug: 'a-fully-populated-news',
  date: '2026-03-14',
  summary: 'What happened, in a line',
  description: '<p>The <strong>whole</strong> story</p>',
  image: (await uploaded(t, token, 'image')).id,
  image_alt: 'The image, described',
  mobile_image: (await uploaded(t, token, 'image')).id,
  mobile_image_alt: 'The mobile image, described',
  banner: (await uploaded(t, token, 'image')).id,
  banner_alt: 'The banner, described',
  status: 1,
  meta_title: 'News meta title',
  meta_description: 'News meta description',
  meta_keyword: 'news, company',
}));
