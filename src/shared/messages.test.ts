import { en, format, setLanguage, success, t, validation } from './messages';
import { SCREEN_TEXT } from './messages/screens';

describe('messages', () => {
  afterEach(() => setLanguage('en'));

  it('fills the product validation templates', () => {
    expect(validation.required('Name')).toBe('Name is required');
    expect(validation.email('Email')).toBe('Email does not match');
    expect(validation.min('Password', 8)).toBe('Password min 8 character');
    expect(validation.max('Name', 255)).toBe('Name max 255 character');
    expect(validation.confirmation('Password Confirmation')).toBe(
      'Password Confirmation you entered does not match',
    );
    expect(validation.invalid('Phone Number')).toBe('Phone Number is invalid');
  });

  it('fills the success templates with the item name', () => {
    expect(success.created('Product')).toBe('Product has been successfully created');
    expect(success.updated('Role')).toBe('Role has been successfully updated');
    expect(success.deleted('User')).toBe('User has been successfully deleted');
    expect(success.imported('Brand')).toBe('Brand has been successfully imported');
  });

  it('falls back to English for an unknown language', () => {
    setLanguage('xx');
    expect(t('welcome', { name: 'Ann' })).toBe('Welcome, Ann');
  });

  it('keeps unknown placeholders as written', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('holds the spec texts word for word', () => {
    expect(en.serverError).toBe('An error occurred on the server, please try again');
    expect(en.notFoundText).toBe("Oopps. The page you were looking for doesn't exist...");
    expect(SCREEN_TEXT.deleteConfirmTitle).toBe('Are you sure you want to continue with this action?');
    expect(SCREEN_TEXT.deleteConfirmText).toBe('You cannot view this item if you continue');
  });
});
