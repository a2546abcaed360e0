import { publishState } from './publishing';

describe('publishState', () => {
  const today = '2026-06-15';
  it.each([
    [{ status: 0, date: '2026-06-16' }, 'draft'],
    [{ status: 1, date: '2026-06-16' }, 'scheduled'],
    [{ status: 1, date: '2026-06-15' }, 'live'],
    [{ status: 1, date: '2026-06-01', end_date: '2026-06-15' }, 'live'],
    [{ status: 1, date: '2026-06-01', end_date: '2026-06-14' }, 'ended'],
    [{ status: 1, date: '2026-06-20', end_date: '2026-06-30' }, 'scheduled'],
    // Issue #41: no date yet (a new form) is a draft, never live.
    [{ status: 1, date: null }, 'draft'],
    [{ status: 1, date: null, end_date: '2026-06-30' }, 'draft'],
    [{ status: 0, date: null }, 'draft'],
  ] as const)('%j is %s', (item, state) => {
    expect(publishState(item, today)).toBe(state);
  });
});
