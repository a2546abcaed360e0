import { Type, type Static } from '@sinclair/typebox';
import { REVISION_ACTIONS } from '../resources/history';

/**
 * What the dashboard says needs attention (`GET /api/dashboard`, issue 39): each part only for
 * those who may read what it counts (null, or left out of a list, otherwise).
 */
export const DASHBOARD_LIMITS = {
  /** The days ahead the week card covers (today included). */
  weekDays: 7,
  /** Changes listed per content resource in the week card. */
  weekPerResource: 10,
  /** Content untouched for this many months counts as stale. */
  staleMonths: 12,
  /** Subscribers counted over the last this many days. */
  subscriberDays: 30,
  /** The caller's own latest changes listed (record history). */
  recentChanges: 10,
} as const;

export const subscriberDayWire = Type.Object({
  date: Type.String({ description: "YYYY-MM-DD, a day of the company's time zone" }),
  count: Type.Integer({ description: 'Subscribers (confirmed) added that day' }),
});

/** A record a card lists, which opens it: its resource, id and title. */
const recordFields = {
  key: Type.String({ description: 'The resource (`news`, `promotions`, …)' }),
  item: Type.String(),
  route: Type.String({ description: "The SPA's list route; the record opens at `{route}/{id}`" }),
  id: Type.Integer({ description: 'The record' }),
};

export const recentChangeWire = Type.Object({
  ...recordFields,
  title: Type.String({ description: "The record's title now (a deleted one's as it was deleted)" }),
  action: Type.Union(
    REVISION_ACTIONS.map((action) => Type.Literal(action)),
    { description: 'create, update, delete, import or restore' },
  ),
  deleted: Type.Boolean({ description: 'The record is gone (in the trash): it has no page to open' }),
  at: Type.String({ description: 'ISO 8601' }),
});

export const weekChangeWire = Type.Object({
  ...recordFields,
  title: Type.String(),
  date: Type.String({ description: 'YYYY-MM-DD' }),
  change: Type.Union([Type.Literal('goes-live'), Type.Literal('ends')]),
});

export const staleContentWire = Type.Object({
  key: Type.String(),
  item: Type.String(),
  route: Type.String(),
  count: Type.Integer({ description: 'Records not updated in `staleMonths` months' }),
});

export const dashboardWire = Type.Object({
  week: Type.Object({
    from: Type.String({ description: 'Today, YYYY-MM-DD' }),
    to: Type.String({ description: 'The last day covered, YYYY-MM-DD' }),
    changes: Type.Array(weekChangeWire, { description: 'By date, then resource; only readable resources' }),
  }),
  stale: Type.Array(staleContentWire, { description: 'Readable content resources with stale records' }),
  subscribers_added: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Subscribers added in the last `subscriberDays` days; null without subscribes.index',
  }),
  subscribers_by_day: Type.Union([Type.Array(subscriberDayWire), Type.Null()], {
    description:
      'One entry per day of the last `subscriberDays` days, oldest first; null without subscribes.index',
  }),
  recent_changes: Type.Array(recentChangeWire, {
    description:
      "The caller's latest `recentChanges` changes (record history), newest first; only readable resources",
  }),
  inbox: Type.Union(
    [
      Type.Object({
        new: Type.Integer({ description: 'Messages in the New state' }),
        overdue: Type.Integer({ description: 'New or Read messages past their due time' }),
        mine: Type.Integer({ description: 'New or Read messages assigned to the caller' }),
      }),
      Type.Null(),
    ],
    { description: "The inbox's counts; null without contact-forms.index" },
  ),
});

export type WeekChange = Static<typeof weekChangeWire>;
export type StaleContent = Static<typeof staleContentWire>;
export type SubscriberDay = Static<typeof subscriberDayWire>;
export type RecentChange = Static<typeof recentChangeWire>;
export type Dashboard = Static<typeof dashboardWire>;
