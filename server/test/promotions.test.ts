import { promotionsServer } from '../resources/promotions';
import { uploaded } from './catalogFixtures';
import { describeResource } from './roundTrip';

// Every field set: the round trip checks each one survives create, show, list, export and import.
describeResource(promotionsServer, async (t, token) => ({
  title: 'A fully populated promotion',
  slug: 'a-fully-populated-promotion',
  summary: 'Ten percent off pumps',
  description: '<p>All <em>pumps</em> this spring</p>',
  link: '/products?category=pumps',
  date: '2026-03-01',
  end_date: '2026-03-31',
  banner: (await uploaded(t, token, 'image')).id,
  banner_alt: 'The banner, described',
  image: (await uploaded(t, token, 'image')).id,
  image_alt: 'The image, described',
  mobile_image: (await uploaded(t, token, 'image')).id,
  mobile_image_alt: 'The mobile image, described',
  status: 1,
  meta_title: 'Promotion meta title',
  meta_description: 'Promotion meta description',
  meta_keyword: 'promotion, pumps',
}));
