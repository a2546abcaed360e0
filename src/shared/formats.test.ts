import { SCREEN_TEXT } from './messages/screens';
import dayjs from 'dayjs';
import {
  DATE_FORMATS,
  datePresets,
  formatApiDate,
  formatDisplayDate,
  initials,
  toSortOrder,
} from './formats';
import { t } from './messages';

describe('initials', () => {
  it('takes the first letters of the first two words in upper case', () => {
    expect(initials('jane mary doe')).toBe('JM');
  });
  it('takes the first two characters of a single word', () => {
    expect(initials('administrator')).toBe('AD');
  });
  it('ignores surrounding and repeated white space', () => {
    expect(initials('  ada   lovelace ')).toBe('AL');
  });
  it('gives an empty text for an empty or missing name', () => {
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('toSortOrder', () => {
  it("maps 'descend' to 'desc'", () => {
    expect(toSortOrder('descend')).toBe('desc');
  });
  it("maps anything else to 'asc'", () => {
    expect(toSortOrder('ascend')).toBe('asc');
    expect(toSortOrder('desc')).toBe('asc');
    expect(toSortOrder(undefined)).toBe('asc');
  });
});

describe('date formats', () => {
  it("shows dates as 'DD MMM YYYY' and sends them as 'YYYY-MM-DD'", () => {
    expect(formatDisplayDate('2026-03-05T10:00:00')).toBe('05 Mar 2026');
    expect(formatApiDate(new Date(2026, 2, 5))).toBe('2026-03-05');
    expect(DATE_FORMATS.expiresAt).toBe('YYYY-MM-DD HH:mm:ss');
  });
  it('shows nothing for a missing date', () => {
    expect(formatDisplayDate(null)).toBe('');
    expect(formatApiDate(undefined)).toBe('');
  });
});

describe('datePresets', () => {
  const labels = {
    today: SCREEN_TEXT.today,
    yesterday: SCREEN_TEXT.yesterday,
    lastDays: (days: number) => t('lastDays', { days }),
    thisMonth: SCREEN_TEXT.thisMonth,
    thisYear: SCREEN_TEXT.thisYear,
  };
  const now = dayjs('2026-11-22T15:30:00');
  const presets = datePresets(now, labels);
  const range = (key: string) => presets.find((p) => p.key === key)!.range.map((d) => d.format('YYYY-MM-DD'));

  it('offers Today, Yesterday, Last 7 Days, Last 30 Days, This Month and This Year', () => {
    expect(presets.map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 Days',
      'Last 30 Days',
      'This Month',
      'This Year',
    ]);
  });
  it('gives each preset its calendar range', () => {
    expect(range('today')).toEqual(['2026-11-22', '2026-11-22']);
    expect(range('yesterday')).toEqual(['2026-11-21', '2026-11-21']);
    expect(range('last-7')).toEqual(['2026-11-16', '2026-11-22']);
    expect(range('this-month')).toEqual(['2026-11-01', '2026-11-30']);
    expect(range('this-year')).toEqual(['2026-01-01', '2026-12-31']);
  });
});
