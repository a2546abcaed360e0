import { fakeNetwork, TEST_HOST } from '../test/fakeNetwork';
import { usersResource } from '../src/shared/resources/users';
import { STORAGE_KEYS } from '../src/shared/storageKeys';
import { makeStore } from './index';
import { downloadExport, downloadFilename, exportUrl } from './resourceApi';
import { usersApi } from './usersApi';
import { flush } from '../test/async';

describe('exportUrl', () => {
  it('carries the filters and sort with the format, without paging or empty values', () => {
    expect(
      exportUrl(
        usersResource,
        { page: 3, per_page: 20, sort: 'name', order: 'asc', search: '', status: '1,0', role_ids: '2' },
        'xlsx',
      ),
    ).toBe('/api/users/export?sort=name&order=asc&status=1%2C0&role_ids=2&format=xlsx');
  });
});

describe('downloadFilename', () => {
  it('reads the Content-Disposition filename, else falls back', () => {
    expect(downloadFilename('attachment; filename="users-2024-05-01.csv"', 'users.csv')).toBe(
      'users-2024-05-01.csv',
    );
    expect(downloadFilename(null, 'users.csv')).toBe('users.csv');
  });
});

describe('downloadExport', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1'));
  afterEach(() => localStorage.clear());

  it('fetches with the Bearer header and saves the file under the server name', async () => {
    fakeNetwork();
    const seen: Request[] = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response('name\nAda\n', {
        headers: { 'content-disposition': 'attachment; filename="users-2024-05-01.csv"' },
      });
    };
    URL.createObjectURL = jest.fn(() => 'blob:users');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    await expect(downloadExport(usersResource, { status: '1' }, 'csv')).resolves.toBe('users-2024-05-01.csv');
    expect(seen[0].url).toBe(`${TEST_HOST}/api/users/export?status=1&format=csv`);
    expect(seen[0].headers.get('authorization')).toBe('Bearer token-1');
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('throws the status and body of a refusal', async () => {
    fakeNetwork({
      'GET /api/users/export': { status: 403, body: { message: 'This action is unauthorized.' } },
    });
    await expect(downloadExport(usersResource, {}, 'csv')).rejects.toEqual({
      status: 403,
      data: { message: 'This action is unauthorized.' },
    });
  });
});

describe('resource endpoints', () => {
  it('lists with the compacted query and refetches the list after a create', async () => {
    const list = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };
    const { requestsTo } = fakeNetwork({
      'GET /api/users': { body: list },
      'POST /api/users': {
        status: 201,
        body: { data: { id: 5 }, message: 'User has been successfully created' },
      },
    });
    const store = makeStore();
    const subscription = store.dispatch(usersApi.endpoints.listUsers.initiate({ page: 1, search: '' }));
    await subscription;
    await store.dispatch(
      usersApi.endpoints.createUser.initiate({
        name: 'Ada',
        email: 'ada@example.com',
        phone_number: null,
        role_id: 1,
        status: 1,
        photo: null,
        password: 'secret123',
        password_confirmation: 'secret123',
      }),
    );
    await flush();
    expect(requestsTo('/api/users').filter((request) => request.method === 'GET')).toHaveLength(2);
    subscription.unsubscribe();
  });
});
