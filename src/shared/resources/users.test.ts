import { userCreateSchema, userImportRowSchema, userUpdateSchema } from './users';

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

describe('user import row status', () => {
  const statusOf = (status: string) =>
    userImportRowSchema.validateAt('status', { status }).then(
      () => null,
      (error: { errors: string[] }) => error.errors[0],
    );

  it('accepts the exported words in any case and the numbers, as the catalogue imports do', async () => {
    for (const status of ['Active', 'not active', 'ACTIVE', '1', '0'])
      await expect(statusOf(status)).resolves.toBeNull();
  });

  it('refuses any other status', async () => {
    await expect(statusOf('Maybe')).resolves.toBe('Status is invalid');
  });
});
