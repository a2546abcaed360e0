import * as yup from 'yup';
import { installYupLocale } from './yupLocale';
import { changePasswordSchema, loginSchema, profileSchema } from './contracts/account';

const errorsOf = async (schema: yup.AnyObjectSchema, value: unknown): Promise<string[]> => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as yup.ValidationError).errors;
  }
};

describe('Yup locale', () => {
  beforeAll(() => installYupLocale());

  it("uses the generic 'Please enter {label}' for a required field without its own message", async () => {
    await expect(errorsOf(yup.object({ city: yup.string().label('city').required() }), {})).resolves.toEqual([
      'Please enter city',
    ]);
  });

  it('uses the product templates in the shared schemas', async () => {
    await expect(errorsOf(loginSchema, { username: 'nope', password: '' })).resolves.toEqual([
      'Email does not match',
      'Password is required',
    ]);
    await expect(
      errorsOf(changePasswordSchema, {
        current_password: 'x',
        password: 'short',
        password_confirmation: 'other',
      }),
    ).resolves.toEqual(
      expect.arrayContaining([
        'Password min 12 character',
        'Password Confirmation you entered does not match',
      ]),
    );
  });

  it('accepts a valid profile and refuses a malformed phone number', async () => {
    const profile = { name: 'Ann', email: 'ann@example.com', phone_number: '+62 21 555', photo: null };
    await expect(errorsOf(profileSchema, profile)).resolves.toEqual([]);
    await expect(errorsOf(profileSchema, { ...profile, phone_number: 'call me' })).resolves.toEqual([
      'Phone Number is invalid',
    ]);
  });
});
