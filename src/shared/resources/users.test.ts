import { userCreateSchema, userUpdateSchema } from './users';

const messageFor = (schema: typeof userCreateSchema | typeof userUpdateSchema, password: string) =>
  schema.validateAt('password', { password }).then(
    () => null,
    (error: { errors: string[] }) => error.errors[0],
  );

describe('user password rules', () => {
  it('names a missing password on create before its minimum length', async () => {
    await expect(messageFor(userCreateSchema, '')).resolves.toBe('Password is required');
  });

  it('states the minimum length of a short password', async () => {
    await expect(messageFor(userCreateSchema, 'short')).resolves.toBe('Password min 8 character');
  });

  it('lets an update leave the password empty', async () => {
    await expect(messageFor(userUpdateSchema, '')).resolves.toBeNull();
  });
});
