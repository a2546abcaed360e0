import dayjs, { type Dayjs } from 'dayjs';
import type { CalendarItem } from '../../shared/contracts/calendar';

export type CalendarView = 'month' | 'week';
export const DAY_FORMAT = 'YYYY-MM-DD';

/** The days a view shows around `day`: a week (Sunday first, dayjs's default), or a month's whole weeks. */
export function viewDays(view: CalendarView, day: Dayjs): Dayjs[] {
  const first = view === 'week' ? day.startOf('week') : day.startOf('month').startOf('week');
  const last = view === 'week' ? day.endOf('week') : day.endOf('month').endOf('week');
  const days: Dayjs[] = [];
  for (let at = first; !at.isAfter(last, 'day'); at = at.add(1, 'day')) days.push(at);
  return days;
}

/** `days` cut into weeks of seven. */
export const weeksOf = (days: readonly Dayjs[]): Dayjs[][] =>
  Array.from({ length: Math.ceil(days.length / 7) }, (_, index) => days.slice(index * 7, index * 7 + 7));

/** A day in the URL (`?day=`), or today when it is missing or not a date. */
export function parseDay(value: string | null): Dayjs {
  const day = value ? dayjs(value, DAY_FORMAT) : null;
  return day?.isValid() && day.format(DAY_FORMAT) === value ? day : dayjs().startOf('day');
}

export interface DayEntry {
  item: CalendarItem;
  /** What happens that day: the item goes live, ends, or both (a one-day run). */
  marks: ('starts' | 'ends')[];
}

/**
 * Each day's entries (an item on its go-live and its end day), and the items running across the
 * whole range without either in it.
 */
export function entriesByDay(
  items: readonly CalendarItem[],
  from: string,
  to: string,
): { byDay: Map<string, DayEntry[]>; running: CalendarItem[] } {
  const byDay = new Map<string, DayEntry[]>();
  const running: CalendarItem[] = [];
  const add = (day: string, item: CalendarItem, mark: 'starts' | 'ends') => {
    const entries = byDay.get(day) ?? [];
    const same = entries.find((entry) => entry.item === item);
    if (same) same.marks.push(mark);
    else entries.push({ item, marks: [mark] });
    byDay.set(day, entries);
  };
  const inRange = (day: string | null) => day !== null && day >= from && day <= to;
  for (const item of items) {
    if (inRange(item.date)) add(item.date, item, 'starts');
    if (inRange(item.end_date)) add(item.end_date!, item, 'ends');
    if (!inRange(item.date) && !inRange(item.end_date)) running.push(item);
  }
  return { byDay, running };
}

/** The end an item has after moving its go-live day to `date` (the same number of days later). */
export function movedEnd(item: Pick<CalendarItem, 'date' | 'end_date'>, date: string): string | null {
  if (!item.end_date) return null;
  return dayjs(item.end_date)
    .add(dayjs(date).diff(dayjs(item.date), 'day'), 'day')
    .format(DAY_FORMAT);
}
