import type { Status } from '../src/shared/contracts/account';
import type { ListResponse, OptionsResponse } from '../src/shared/resources/resource';
import type { Role } from '../src/shared/resources/roles';
import type { User } from '../src/shared/resources/users';
import { testUser } from './renderWithProviders';

/** Test data of the Setting screens (users and roles), as the API answers them. */

export const editorRole: Role = {
  id: 2,
  name: 'Editor',
  is_super: false,
  permissions: [],
  require_second_factor: false,
  users_count: 3,
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-02-01T00:00:00.000Z',
  created_by: null,
  updated_by: null,
};

/** Another user than the signed-in `testUser`, holding the Editor role. */
export const grace: User = {
  ...testUser,
  id: 7,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  role: { id: editorRole.id, name: editorRole.name },
  created_at: '2024-03-05T08:00:00.000Z',
  updated_at: '2024-03-05T08:00:00.000Z',
  created_by: null,
  updated_by: null,
};

/** A one-page list answer. */
export const listOf = <T>(data: T[]): ListResponse<T> => ({
  data,
  meta: { current_page: 1, per_page: 100, total: data.length, last_page: 1 },
});

/** An options answer (`GET /api/<group>/options`): `{id, name}`, with `status` where items have one. */
export const optionsOf = (items: { id: number; name: string; status?: Status }[]): OptionsResponse => ({
  data: items.map(({ id, name, status }) => (status === undefined ? { id, name } : { id, name, status })),
});

/** `GET /api/roles/options` as the role select and the role filter load it. */
export const roleOptionsRoute = { 'GET /api/roles/options': { body: optionsOf([editorRole]) } };
