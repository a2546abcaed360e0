import dayjs, { type Dayjs } from 'dayjs';

/** Date formats (spec §3, §9). */
export const DATE_FORMATS = {
  display: 'DD MMM YYYY',
  api: 'YYYY-MM-DD',
  /** `auth.expires_at` is stored in this form. */
  expiresAt: 'YYYY-MM-DD HH:mm:ss',
  /** A time of today, e.g. when a draft was kept. */
  time: 'HH:mm',
  /** A time of another day. */
  dateTime: 'DD MMM YYYY HH:mm',
} as const;

/** '10:42' for a moment of today (by `now`), '03 Mar 2026 10:42' for another day. */
export const formatMoment = (value: number, now: number): string =>
  dayjs(value).format(dayjs(value).isSame(now, 'day') ? DATE_FORMATS.time : DATE_FORMATS.dateTime);

export const formatDisplayDate = (value: string | Date | Dayjs | null | undefined): string =>
  value ? dayjs(value).format(DATE_FORMATS.display) : '';

/** '03 Mar 2026 10:42': a moment shown with its time (a reply sent, a message received). */
export const formatDateTime = (value: string | Date | Dayjs | null | undefined): string =>
  value ? dayjs(value).format(DATE_FORMATS.dateTime) : '';

export const formatApiDate = (value: string | Date | Dayjs | null | undefined): string =>
  value ? dayjs(value).format(DATE_FORMATS.api) : '';

/** Initials: first letters of the first two words, or the first two characters of one word, upper case. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  if (words.length === 1) return Array.from(words[0]).slice(0, 2).join('').toUpperCase();
  return (Array.from(words[0])[0] + Array.from(words[1])[0]).toUpperCase();
}

/** Sort order: 'descend' maps to 'desc', anything else to 'asc'. */
export const toSortOrder = (order: string | null | undefined): 'asc' | 'desc' =>
  order === 'descend' ? 'desc' : 'asc';

export interface DatePreset {
  key: string;
  label: string;
  range: [Dayjs, Dayjs];
}

/** The date presets of list filters: Today, Yesterday, Last {days} Days, This Month, This Year. */
export function datePresets(
  now: Dayjs,
  labels: {
    today: string;
    yesterday: string;
    lastDays: (days: number) => string;
    thisMonth: string;
    thisYear: string;
  },
  lastDays: readonly number[] = [7, 30],
): DatePreset[] {
  const today = now.startOf('day');
  return [
    { key: 'today', label: labels.today, range: [today, now.endOf('day')] },
    {
      key: 'yesterday',
      label: labels.yesterday,
      range: [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')],
    },
    ...lastDays.map((days) => ({
      key: `last-${days}`,
      label: labels.lastDays(days),
      range: [today.subtract(days - 1, 'day'), now.endOf('day')] as [Dayjs, Dayjs],
    })),
    { key: 'this-month', label: labels.thisMonth, range: [now.startOf('month'), now.endOf('month')] },
    { key: 'this-year', label: labels.thisYear, range: [now.startOf('year'), now.endOf('year')] },
  ];
}
