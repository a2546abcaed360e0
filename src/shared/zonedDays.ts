import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Days in the company's time zone (issue 36). Dates stay days (`YYYY-MM-DD`, the API's format);
 * a day starts at midnight in the company's zone (Setting › Company › Time zone), so for a company
 * in Asia/Jakarta the 3rd of December starts at 2 December 17:00 UTC. Everything computed from
 * dates (publish state, the go-live job's due time, the dashboard's week, the calendar, date
 * filters on timestamps) goes through these two functions.
 */

/** The server's own zone: the default of the company's. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let known: Set<string> | null = null;

/**
 * Whether `name` is an IANA zone name this runtime knows: `Intl.supportedValuesOf('timeZone')`,
 * plus UTC and the server's own zone (which that list may spell otherwise, e.g. Etc/UTC).
 */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !name) return false;
  known ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', serverTimeZone()]);
  return known.has(name);
}

/** The zone names a form offers (sorted as the runtime lists them, UTC first). */
export const timeZoneNames = (): string[] => [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC'),
];

/** The day (`YYYY-MM-DD`) it is in `zone` at the instant `at` (milliseconds). */
export const dayIn = (at: number, zone: string): string => dayjs(at).tz(zone).format('YYYY-MM-DD');

/**
 * The instant day `day` starts in `zone`: its midnight, or the first moment of the day when a
 * daylight-saving switch skips midnight (America/Santiago: 01:00).
 */
export const startOfDayIn = (day: string, zone: string): Date => dayjs.tz(day, zone).toDate();

/** The day `days` after `day` (negative: before), as a calendar day (no zone: days stay days). */
export const addDays = (day: string, days: number): string =>
  dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
