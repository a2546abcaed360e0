import { useMemo } from 'react';
import { act, renderHook } from '@testing-library/react';
import { STORAGE_KEYS, type StorageKey } from '../shared/storageKeys';
import { fitSelection, usePersistedFilters, type PersistedOption } from './usePersistedFilters';

const ROLES = [
  { id: 1, label: 'Administrator' },
  { id: 2, label: 'Editor' },
];
const key = STORAGE_KEYS.filterRoles;
const stored = () => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());

/** One filter's `[selected, set, reset]`, through the hook a list page calls with all of its filters. */
function usePersistedFilter<V extends string | number>(
  storageKey: StorageKey,
  listKey: string,
  options: readonly PersistedOption<V>[] | undefined,
) {
  const filters = useMemo(() => [{ param: 'filter', storageKey, options }], [storageKey, options]);
  const { selections, set, reset } = usePersistedFilters(filters, listKey);
  return [selections.filter as V[], (next: V[]) => set('filter', next), reset] as const;
}

describe('usePersistedFilters', () => {
  it('keeps each filter under its own key, and reset clears them all', () => {
    const filters = [
      { param: 'role_ids', storageKey: key, options: ROLES },
      { param: 'status', storageKey: STORAGE_KEYS.filterStatus, options: [{ id: 1 }, { id: 0 }] },
    ];
    const { result } = renderHook(() => usePersistedFilters(filters, 'users'));
    act(() => result.current.set('role_ids', [1]));
    act(() => result.current.set('status', [0]));
    expect(result.current.selections).toEqual({ role_ids: [1], status: [0] });
    expect(stored()).toEqual({ users: [1] });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.filterStatus) ?? 'null')).toEqual({ users: [0] });
    act(() => result.current.reset());
    expect(result.current.selections).toEqual({ role_ids: [], status: [] });
    expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.filterStatus)).toBeNull();
  });

  it('stores the selection under the key, keyed by list, and reads it back after a remount', () => {
    const first = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(first.result.current[0]).toEqual([]);
    act(() => first.result.current[1]([2]));
    expect(first.result.current[0]).toEqual([2]);
    expect(stored()).toEqual({ users: [2] });
    first.unmount();

    const second = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(second.result.current[0]).toEqual([2]);
  });

  it('keeps each list apart under one key, and reset clears only its own list', () => {
    localStorage.setItem(key, JSON.stringify({ admins: [1] }));
    const { result } = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(result.current[0]).toEqual([]);
    act(() => result.current[1]([1, 2]));
    expect(stored()).toEqual({ admins: [1], users: [1, 2] });
    act(() => result.current[2]());
    expect(result.current[0]).toEqual([]);
    expect(stored()).toEqual({ admins: [1] });
  });

  it('removes the key when no list has a selection', () => {
    const { result } = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    act(() => result.current[1]([1]));
    act(() => result.current[2]());
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('drops stored values the options no longer offer and cleans the storage', () => {
    localStorage.setItem(key, JSON.stringify({ users: [2, 42], admins: [9] }));
    const { result } = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(result.current[0]).toEqual([2]);
    expect(stored()).toEqual({ users: [2], admins: [9] });
  });

  it('drops nothing while the options load, then drops the stale values', () => {
    localStorage.setItem(key, JSON.stringify({ users: [2, 42] }));
    const { result, rerender } = renderHook(
      ({ options }: { options?: typeof ROLES }) => usePersistedFilter<number>(key, 'users', options),
      { initialProps: {} },
    );
    expect(result.current[0]).toEqual([2, 42]);
    expect(stored()).toEqual({ users: [2, 42] });
    rerender({ options: ROLES });
    expect(result.current[0]).toEqual([2]);
    expect(stored()).toEqual({ users: [2] });
  });

  it('drops malformed JSON and entries that are not lists of ids', () => {
    localStorage.setItem(key, '{oops');
    const malformed = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(malformed.result.current[0]).toEqual([]);
    expect(localStorage.getItem(key)).toBeNull();

    localStorage.setItem(key, JSON.stringify({ users: 'all', admins: [1] }));
    const wrongShape = renderHook(() => usePersistedFilter<number>(key, 'users', ROLES));
    expect(wrongShape.result.current[0]).toEqual([]);
    expect(stored()).toEqual({ admins: [1] });
  });

  it('matches options by value when they have no id', () => {
    const sources = [{ value: 'web' }, { value: 'email' }];
    expect(fitSelection(['web', 'fax'], sources)).toEqual(['web']);
    localStorage.setItem(STORAGE_KEYS.filterSources, JSON.stringify({ contactForms: ['email', 'fax'] }));
    const { result } = renderHook(() =>
      usePersistedFilter<string>(STORAGE_KEYS.filterSources, 'contactForms', sources),
    );
    expect(result.current[0]).toEqual(['email']);
  });
});
