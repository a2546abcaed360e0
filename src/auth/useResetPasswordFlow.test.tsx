import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from '../../store';
import { fakeNetwork, type FakeNetwork } from '../../test/fakeNetwork';
import { useResetPasswordFlow } from './useResetPasswordFlow';

const values = { password: 'new-password-1', password_confirmation: 'new-password-1' };

function renderFlow(token: string | null, email: string | null = 'link@example.com') {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(() => useResetPasswordFlow(token, email), { wrapper }) };
}

let network: FakeNetwork;

beforeEach(() => {
  network = fakeNetwork({
    'GET /api/password/reset/tok-1': { body: { data: { email: 'ada@example.com' } } },
    'POST /api/password/reset': { body: { message: 'password created successfully' } },
  });
});

describe('useResetPasswordFlow', () => {
  it('checks the token, then is valid with the e-mail the server holds', async () => {
    const { result } = renderFlow('tok-1');
    expect(result.current.state).toBe('checking');
    await waitFor(() => expect(result.current.state).toBe('valid'));
    expect(result.current.email).toBe('ada@example.com');
    expect(network.requestsTo('/api/password/reset/tok-1')).toHaveLength(1);
  });

  it('is token-expired when the check answers 410', async () => {
    network.route('GET /api/password/reset/tok-1', () => ({
      status: 410,
      body: { message: 'The token has expired' },
    }));
    const { result, store } = renderFlow('tok-1');
    await waitFor(() => expect(result.current.state).toBe('token-expired'));
    // The check is silent: the screen's own expired state says it.
    expect(store.getState().toasts).toEqual([]);
  });

  it('is token-expired without a request when the link has no token', async () => {
    const { result } = renderFlow(null);
    expect(result.current.state).toBe('token-expired');
    await act(async () => undefined);
    expect(network.requestsTo('/api/password/reset')).toEqual([]);
  });

  it('submits token, e-mail and passwords and is done when accepted', async () => {
    const { result } = renderFlow('tok-1');
    await waitFor(() => expect(result.current.state).toBe('valid'));
    act(() => result.current.submit(values));
    expect(result.current.state).toBe('submitting');
    await waitFor(() => expect(result.current.state).toBe('done'));
    expect(network.requestsTo('/api/password/reset')[0].body).toEqual({
      token: 'tok-1',
      email: 'ada@example.com',
      ...values,
    });
  });

  it('returns to the form with field errors on a 422', async () => {
    network.route('POST /api/password/reset', () => ({
      status: 422,
      body: {
        message: 'Password min 8 character',
        errors: { password: ['Password min 8 character'] },
      },
    }));
    const { result } = renderFlow('tok-1');
    await waitFor(() => expect(result.current.state).toBe('valid'));
    act(() => result.current.submit(values));
    await waitFor(() => expect(result.current.fieldErrors).toEqual({ password: 'Password min 8 character' }));
    expect(result.current.state).toBe('valid');
  });

  it('is token-expired when the submit answers 410', async () => {
    network.route('POST /api/password/reset', () => ({
      status: 410,
      body: { message: 'The token has expired' },
    }));
    const { result } = renderFlow('tok-1');
    await waitFor(() => expect(result.current.state).toBe('valid'));
    act(() => result.current.submit(values));
    await waitFor(() => expect(result.current.state).toBe('token-expired'));
  });

  it('stays on the form and leaves the toast to the base query on a server error', async () => {
    network.route('POST /api/password/reset', () => ({ status: 500, body: { message: 'Server Error' } }));
    const { result, store } = renderFlow('tok-1');
    await waitFor(() => expect(result.current.state).toBe('valid'));
    act(() => result.current.submit(values));
    await waitFor(() => expect(store.getState().toasts).toHaveLength(1));
    expect(result.current.state).toBe('valid');
    expect(result.current.fieldErrors).toEqual({});
  });
});
