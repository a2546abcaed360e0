import { addDays, dayIn, isTimeZone, serverTimeZone, startOfDayIn } from './zonedDays';

const iso = (date: Date) => date.toISOString();

describe('days in a time zone', () => {
  it('Asia/Jakarta (+07, no daylight saving): a day starts at 17:00 UTC the day before', () => {
    expect(iso(startOfDayIn('2026-12-03', 'Asia/Jakarta'))).toBe('2026-12-02T17:00:00.000Z');
    expect(dayIn(Date.parse('2026-12-02T16:59:59.999Z'), 'Asia/Jakarta')).toBe('2026-12-02');
    expect(dayIn(Date.parse('2026-12-02T17:00:00.000Z'), 'Asia/Jakarta')).toBe('2026-12-03');
  });

  it('UTC: a day starts at midnight UTC', () => {
    expect(iso(startOfDayIn('2026-12-03', 'UTC'))).toBe('2026-12-03T00:00:00.000Z');
    expect(dayIn(Date.parse('2026-12-03T23:59:59.999Z'), 'UTC')).toBe('2026-12-03');
    expect(dayIn(Date.parse('2026-12-04T00:00:00.000Z'), 'UTC')).toBe('2026-12-04');
  });

  it('Europe/Berlin on its switch days: 23 hours in March, 25 in October', () => {
    // 29 March 2026: clocks go 02:00 CET → 03:00 CEST; the day starts in winter time (+01).
    const march = startOfDayIn('2026-03-29', 'Europe/Berlin');
    const after = startOfDayIn('2026-03-30', 'Europe/Berlin');
    expect(iso(march)).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(after)).toBe('2026-03-29T22:00:00.000Z');
    expect((after.getTime() - march.getTime()) / 3_600_000).toBe(23);
    expect(dayIn(Date.parse('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(dayIn(Date.parse('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30');
    // 25 October 2026: 03:00 CEST → 02:00 CET.
    const october = startOfDayIn('2026-10-25', 'Europe/Berlin');
    const next = startOfDayIn('2026-10-26', 'Europe/Berlin');
    expect(iso(october)).toBe('2026-10-24T22:00:00.000Z');
    expect((next.getTime() - october.getTime()) / 3_600_000).toBe(25);
  });

  it('a day whose midnight a switch skips starts at its first moment (America/Santiago, 01:00)', () => {
    expect(iso(startOfDayIn('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
  });

  it('adds calendar days across months, years and switch days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('knows IANA zone names, UTC and the server’s own; refuses anything else', () => {
    expect(isTimeZone('Asia/Jakarta')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone(serverTimeZone())).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('asia/jakarta')).toBe(false);
    expect(isTimeZone('+07:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });
});
