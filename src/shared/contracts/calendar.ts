import { Type, type Static } from '@sinclair/typebox';
import { PUBLISH_STATES } from '../resources/publishing';

/**
 * The publishing calendar (`GET /api/calendar?from=&to=`, issue 39): every dated content item whose
 * go-live `date` or `end_date` falls in the range (or a promotion running across all of it), of the
 * resources the caller may read.
 */
export const CALENDAR_LIMITS = {
  /** The longest range answered, in days (a month view with its leading and trailing weeks fits). */
  maxDays: 62,
  /** Items read per resource and range. */
  perResource: 1000,
} as const;

export const calendarItemWire = Type.Object({
  key: Type.String({ description: 'The resource (`news`, `promotions`, `productArticles`)' }),
  group: Type.String({
    description: 'Its permission group (`product-articles`): a move needs `{group}.update`',
  }),
  item: Type.String({ description: 'What one record is called (`Promotion`)' }),
  route: Type.String({ description: "The SPA's list route; the record opens at `{route}/{id}`" }),
  id: Type.Integer(),
  title: Type.String(),
  date: Type.String({ description: 'Go-live day, YYYY-MM-DD' }),
  end_date: Type.Union([Type.String(), Type.Null()], { description: 'Last day, YYYY-MM-DD, or null' }),
  publish_state: Type.Unsafe<(typeof PUBLISH_STATES)[number]>({ type: 'string', enum: [...PUBLISH_STATES] }),
  updated_at: Type.String({ description: 'The version a move must carry (409 when stale)' }),
  overlaps: Type.Boolean({ description: 'A promotion whose run overlaps another answered promotion' }),
});

export const calendarAnswerWire = Type.Object({
  data: Type.Object({ from: Type.String(), to: Type.String(), items: Type.Array(calendarItemWire) }),
});

export type CalendarItem = Static<typeof calendarItemWire>;
export type CalendarAnswer = Static<typeof calendarAnswerWire>;

/**
 * A move (`POST /api/calendar/move`): the item's new go-live `date`; its end moves by as many days.
 * `updated_at` is the version the move started from (409 when stale). Needs the resource's update key.
 */
export const calendarMoveWire = Type.Object({
  key: Type.String({ description: 'The resource (`news`, `promotions`, `productArticles`)' }),
  id: Type.Integer({ minimum: 1 }),
  date: Type.String({ description: 'The new go-live day, YYYY-MM-DD' }),
  updated_at: Type.String({ description: 'The version the move started from' }),
});

export const calendarMoveAnswerWire = Type.Object({ data: calendarItemWire, message: Type.String() });

export type CalendarMove = Static<typeof calendarMoveWire>;
export type CalendarMoveAnswer = Static<typeof calendarMoveAnswerWire>;

/** The caller's iCal feed: whether one exists and since when (its URL is shown once, when made). */
export const calendarFeedWire = Type.Object({
  active: Type.Boolean(),
  created_at: Type.Union([Type.String(), Type.Null()]),
});

export const calendarFeedCreatedWire = Type.Object({
  data: Type.Object({
    active: Type.Boolean(),
    created_at: Type.Union([Type.String(), Type.Null()]),
    url: Type.String({ description: 'The feed URL (`…/api/calendar/feed/<token>.ics`); shown only now' }),
  }),
  message: Type.String(),
});

export type CalendarFeed = Static<typeof calendarFeedWire>;

/** How far the iCal feed reaches: this many months back and ahead of today. */
export const CALENDAR_FEED_MONTHS = { back: 3, ahead: 12 } as const;
