import type {
  CalendarAnswer,
  CalendarFeed,
  CalendarMove,
  CalendarMoveAnswer,
} from '../src/shared/contracts/calendar';
import { newsResource } from '../src/shared/resources/news';
import { productArticlesResource } from '../src/shared/resources/productArticles';
import { promotionsResource } from '../src/shared/resources/promotions';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

const TAG = 'Calendar' as const;
const FEED = 'CalendarFeed';

/** The resources a calendar item can be: a move makes their record and lists stale too. */
const MOVABLE = [newsResource, promotionsResource, productArticlesResource] as const;
type MovableTag = (typeof MOVABLE)[number]['tag'];
const tagOf = new Map<string, MovableTag>(MOVABLE.map((contract) => [contract.key, contract.tag]));

/** What a move makes stale: the calendar, and the moved record with its resource's lists (and options). */
const movedTags = (move: CalendarMove) => {
  const tag = tagOf.get(move.key);
  return [
    TAG,
    ...(tag
      ? [
          { type: tag, id: move.id },
          { type: tag, id: 'LIST' as const },
        ]
      : []),
  ];
};

/** The publishing calendar (issue 39): a range's items, moving one, and the caller's iCal feed. */
export const calendarApi = api
  .enhanceEndpoints({ addTagTypes: [TAG, FEED, ...MOVABLE.map((contract) => contract.tag)] })
  .injectEndpoints({
    endpoints: (build) => ({
      calendar: build.query<CalendarAnswer['data'], { from: string; to: string }>({
        query: ({ from, to }) => ({ url: API_PATHS.calendar, params: { from, to } }),
        transformResponse: (response: CalendarAnswer) => response.data,
        providesTags: [TAG],
      }),
      moveCalendarItem: build.mutation<CalendarMoveAnswer, CalendarMove>({
        query: (body) => ({ url: API_PATHS.calendarMove, method: 'POST', body }),
        // A failed move changed nothing: nothing to refetch.
        invalidatesTags: (_answer, error, move) => (error ? [] : movedTags(move)),
      }),
      calendarFeed: build.query<CalendarFeed, void>({
        query: () => API_PATHS.calendarFeed,
        transformResponse: (response: { data: CalendarFeed }) => response.data,
        providesTags: [FEED],
      }),
      createCalendarFeed: build.mutation<{ data: CalendarFeed & { url: string } }, void>({
        query: () => ({ url: API_PATHS.calendarFeed, method: 'POST' }),
        invalidatesTags: [FEED],
      }),
      revokeCalendarFeed: build.mutation<{ message: string }, void>({
        query: () => ({ url: API_PATHS.calendarFeed, method: 'DELETE' }),
        invalidatesTags: [FEED],
      }),
    }),
  });

export const {
  useCalendarQuery,
  useMoveCalendarItemMutation,
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} = calendarApi;
