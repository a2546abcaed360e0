import { STORAGE_KEYS } from '../shared/storageKeys';
import { fitSelection, readSelection, writeSelection } from './filterStorage';

const key = STORAGE_KEYS.filterRoles;
const stored = () => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());

describe('filter storage', () => {
  it('stores a selection under the key, keyed by list, and reads it back', () => {
    writeSelection(key, 'users', [2]);
    expect(stored()).toEqual({ users: [2] });
    expect(readSelection(key, 'users')).toEqual([2]);
  });

  it('keeps each list apart under one key, and clearing one list keeps the others', () => {
    localStorage.setItem(key, JSON.stringify({ admins: [1] }));
    writeSelection(key, 'users', [1, 2]);
    expect(stored()).toEqual({ admins: [1], users: [1, 2] });
    writeSelection(key, 'users', []);
    expect(stored()).toEqual({ admins: [1] });
    writeSelection(key, 'admins', []);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('drops a malformed stored object, and an entry that is not a list of values', () => {
    localStorage.setItem(key, '{not json');
    expect(readSelection(key, 'users')).toEqual([]);
    expect(localStorage.getItem(key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ users: [{ id: 1 }], admins: ['x'] }));
    expect(readSelection(key, 'users')).toEqual([]);
    expect(stored()).toEqual({ admins: ['x'] });
  });

  it('keeps only what the options still offer, and everything while they load', () => {
    expect(fitSelection([1, 2, 99], [1, 2])).toEqual([1, 2]);
    expect(fitSelection([1, 99], undefined)).toEqual([1, 99]);
  });
});
