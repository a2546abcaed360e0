import { fieldErrors } from './fieldErrors';

describe('fieldErrors', () => {
  it('maps a 422 body to the first message per field', () => {
    expect(fieldErrors({ message: 'x', errors: { email: ['Email is invalid', 'other'] } })).toEqual({
      email: 'Email is invalid',
    });
  });
  it('gives nothing for a body without an errors object', () => {
    expect(fieldErrors({ message: 'x' })).toEqual({});
    expect(fieldErrors(null)).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
    expect(fieldErrors('text')).toEqual({});
  });
});
