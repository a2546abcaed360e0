import type {
  CalendarAnswer,
  CalendarFeed,
  CalendarMove,
  CalendarMoveAnswer,
} from '../src/shared/contracts/calendar';
import { API_PATHS } from '../src/shared/routes';
import { api } from './api';

const TAG = 'Calendar';
const FEED = 'CalendarFeed';

/** The publishing calendar (issue 39): a range's items, moving one, and the caller's iCal feed. */
export const calendarApi = api.enhanceEndpoints({ addTagTypes: [TAG, FEED] }).injectEndpoints({
  endpoints: (build) => ({
    calendar: build.query<CalendarAnswer['data'], { from: string; to: string }>({
      query: ({ from, to }) => ({ url: API_PATHS.calendar, params: { from, to } }),
      transformResponse: (response: CalendarAnswer) => response.data,
      providesTags: [TAG],
    }),
    moveCalendarItem: build.mutation<CalendarMoveAnswer, CalendarMove>({
      query: (body) => ({ url: API_PATHS.calendarMove, method: 'POST', body }),
      invalidatesTags: [TAG],
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
