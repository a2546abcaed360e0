import { fakeNetwork } from '../test/fakeNetwork';
import { listOf } from '../test/settingFixtures';
import { flush as settle } from '../test/async';
import { API_PATHS } from '../src/shared/routes';
import { calendarApi } from './calendarApi';
import { makeStore } from './index';
import { newsApi } from './newsApi';
import { promotionsApi } from './promotionsApi';

const moved = {
  data: {
    key: 'news',
    group: 'news',
    item: 'News',
    route: '/content/news',
    id: 9,
    title: 'Launch news',
    date: '2026-06-19',
    end_date: null,
    publish_state: 'scheduled',
    updated_at: '2026-06-01T10:00:00.000Z',
    overlaps: false,
  },
  message: 'News moved to 19 Jun 2026',
};

describe('calendar cache tags', () => {
  it("refetches the moved item's list and record after a move, not another resource's list", async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/news': { body: listOf([]) },
      'GET /api/news/9': { body: { data: { id: 9, title: 'Launch news' } } },
      'GET /api/promotions': { body: listOf([]) },
      [`POST ${API_PATHS.calendarMove}`]: { body: moved },
    });
    const store = makeStore();
    const news = store.dispatch(newsApi.endpoints.listNews.initiate({ page: 1 }));
    const record = store.dispatch(newsApi.endpoints.getNews.initiate(9));
    const promotions = store.dispatch(promotionsApi.endpoints.listPromotions.initiate({ page: 1 }));
    await Promise.all([news, record, promotions]);

    await store.dispatch(
      calendarApi.endpoints.moveCalendarItem.initiate({
        key: 'news',
        id: 9,
        date: '2026-06-19',
        updated_at: '2026-05-01T10:00:00.000Z',
      }),
    );
    await settle();
    expect(requestsTo('/api/news')).toHaveLength(2);
    expect(requestsTo('/api/news/9')).toHaveLength(2);
    expect(requestsTo('/api/promotions')).toHaveLength(1);
    for (const subscription of [news, record, promotions]) subscription.unsubscribe();
  });
});
