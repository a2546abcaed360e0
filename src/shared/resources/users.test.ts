import { PASSWORD_MAX, PASSWORD_MIN } from '../limits';
import { LABELS, en, format, validation } from '../messages';
import { setPasswordMinLength } from '../passwordPolicy';
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
    await expect(messageFor(userCreateSchema, 'short')).resolves.toBe(
      validation.min(LABELS.password, PASSWORD_MIN),
    );
  });

  it('follows the configured minimum (PASSWORD_MIN_LENGTH) and allows up to 128 characters', async () => {
    setPasswordMinLength(16);
    try {
      await expect(messageFor(userCreateSchema, 'fifteen-chars-1')).resolves.toBe(
        validation.min(LABELS.password, 16),
      );
    } finally {
      setPasswordMinLength(PASSWORD_MIN);
    }
    await expect(messageFor(userCreateSchema, 'x'.repeat(PASSWORD_MAX))).resolves.toBeNull();
    await expect(messageFor(userCreateSchema, 'x'.repeat(PASSWORD_MAX + 1))).resolves.toBe(
      validation.max(LABELS.password, PASSWORD_MAX),
    );
  });

  it('refuses a password from the common-password list, in any case', async () => {
    await expect(messageFor(userCreateSchema, 'QwertY123456')).resolves.toBe(
      format(en.passwordTooCommon, { item: LABELS.password }),
    );
    await expect(messageFor(userUpdateSchema, 'qazwsxedcrfv')).resolves.toBe(
      format(en.passwordTooCommon, { item: LABELS.password }),
    );
  });

  it("refuses a password containing the user's name or the local part of their e-mail", async () => {
    // An administrator sets another user's password: the message names the user, not "your name".
    const personal = format(en.passwordPersonalOfUser, { item: LABELS.password });
    const errorFor = (fields: Record<string, string>) =>
      userCreateSchema.validateAt('password', fields).then(
        () => null,
        (error: { errors: string[] }) => error.errors[0],
      );
    await expect(errorFor({ name: 'Ada Lovelace', password: 'i-love-LOVELACE-99' })).resolves.toBe(personal);
    await expect(errorFor({ email: 'grace.h@example.com', password: 'my GRACE.H secret' })).resolves.toBe(
      personal,
    );
    await expect(errorFor({ name: 'Ada Lovelace', password: 'Shelf-Lamp-Window-7' })).resolves.toBeNull();
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
    // The cell as found and what is accepted (issue #41).
    await expect(statusOf('Maybe')).resolves.toBe('Status “Maybe” is not one of: Active, Not Active, 1, 0');
  });
});
