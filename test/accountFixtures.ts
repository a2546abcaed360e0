import type { User } from '../src/shared/contracts/account';
import { PERMISSION_CATALOGUE } from '../src/shared/permissions';

/** Test data of the signed-in account, as `GET /api/account` answers it. React-free: machine tests use it too. */

/** An active admin holding every permission of the catalogue. */
export const testUser: User = {
  id: 1,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone_number: null,
  status: 1,
  role: { id: 1, name: 'Administrator' },
  photo: null,
  permissions: PERMISSION_CATALOGUE.map((permission) => permission.name),
  created_at: '2024-01-01T00:00:00.000Z',
  updated_at: '2024-01-01T00:00:00.000Z',
  created_by: null,
  updated_by: null,
};
