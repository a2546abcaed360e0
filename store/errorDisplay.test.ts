import { LIST_MESSAGES } from '../src/shared/messages/lists';
import { en, format } from '../src/shared/messages';
import { errorMessages, thrownErrorMessages } from './errorDisplay';

const fallback = 'Could not save';

describe('errorMessages', () => {
  it('says the server cannot be reached when a request got no answer (not a server error)', () => {
    expect(errorMessages('FETCH_ERROR', 'TypeError: Failed to fetch', fallback)).toEqual([
      en.serverUnreachable,
    ]);
    expect(errorMessages('TIMEOUT_ERROR', undefined, fallback)).toEqual([en.serverUnreachable]);
    expect(thrownErrorMessages({ status: 'FETCH_ERROR', error: 'Failed to fetch' })).toEqual([
      en.serverUnreachable,
    ]);
  });

  it('shows a list page past the depth bound as its one message (the toast over the grid)', () => {
    const message = format(LIST_MESSAGES.tooDeep, { count: '10,000' });
    expect(errorMessages(422, { message, errors: { page: [message] } })).toEqual([message]);
  });

  it('shows every top-level entry of the body', () => {
    expect(errorMessages(409, { message: 'Someone changed it', hint: 'Reload' }, fallback)).toEqual([
      'Someone changed it',
      'Reload',
    ]);
  });
  it("replaces 'Server Error' and empty entries by the fallback", () => {
    expect(errorMessages(500, { message: 'Server Error' }, fallback)).toEqual([fallback]);
    expect(errorMessages(400, { message: '' }, fallback)).toEqual([fallback]);
  });
  it('shows the first message of each key of an object entry', () => {
    expect(
      errorMessages(
        422,
        { errors: { name: ['Name is required', 'Name max 255 character'], email: ['Email does not match'] } },
        fallback,
      ),
    ).toEqual(['Name is required', 'Email does not match']);
  });
  it('shows a repeated text once', () => {
    expect(
      errorMessages(422, { message: 'Name is required', errors: { name: ['Name is required'] } }),
    ).toEqual(['Name is required']);
  });
  it('shows the fallback without a body or on a 404', () => {
    expect(errorMessages(500, undefined, fallback)).toEqual([fallback]);
    expect(errorMessages(404, { message: 'Not Found' }, fallback)).toEqual([fallback]);
  });
  it('defaults the fallback to the server error text', () => {
    expect(errorMessages(undefined, null)).toEqual(['An error occurred on the server, please try again']);
  });
});

describe('errorMessages with display fields', () => {
  it('shows only the named entries of an RFC 6749 body', () => {
    const body = {
      error: 'invalid_grant',
      error_description: 'Wrong',
      message: 'The user credentials were incorrect.',
    };
    expect(errorMessages(400, body, fallback, ['message'])).toEqual(['The user credentials were incorrect.']);
  });
});

describe('thrownErrorMessages', () => {
  it('reads the status and body of what a request threw', () => {
    expect(thrownErrorMessages({ status: 403, data: { message: 'Nope' } }, fallback)).toEqual(['Nope']);
  });

  it('shows the fallback, by default the server error text, for anything else thrown', () => {
    expect(thrownErrorMessages(new TypeError('Failed to fetch'), fallback)).toEqual([fallback]);
    expect(thrownErrorMessages(undefined)).toEqual([en.serverError]);
  });
});
