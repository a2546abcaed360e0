import { act, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { SimulatedClock } from 'xstate';
import { makeStore, type AppStore } from '../../store';
import { accountApi } from '../../store/accountApi';
import { api } from '../../store/api';
import { readSession, sessionRanOut, writeSession } from '../../store/session';
import { testUser as user } from '../../test/accountFixtures';
import { fakeNetwork, type FakeNetwork, type Reply } from '../../test/fakeNetwork';
import type { TokenResponse } from '../shared/contracts/account';
import { DURATIONS } from '../shared/limits';
import { STORAGE_KEYS } from '../shared/storageKeys';
import { useAuth } from './AuthContext';
import { AuthProvider } from './AuthProvider';

const START = Date.parse('2025-06-02T10:00:00');
const HOUR_S = 3600;

const token = (name: string, expiresIn = HOUR_S): TokenResponse => ({
  token_type: 'Bearer',
  access_token: `access-${name}`,
  refresh_token: `refresh-${name}`,
  expires_in: expiresIn,
});

// ---- the app edge ------------------------------------------------------------------------------

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <output data-testid="phase">{auth.phase}</output>
      <output data-testid="user">{auth.user?.name ?? ''}</output>
      <output data-testid="signing-in">{String(auth.signingIn)}</output>
      <output data-testid="error">{auth.signInError ?? ''}</output>
      <output data-testid="reauth">{auth.reauthReason ?? ''}</output>
      <output data-testid="reauth-saving">{String(auth.reauthSaving)}</output>
      <button
        onClick={() => auth.reauthenticate({ username: 'ada@example.com', password: 'secret-password' })}
      >
        sign in again
      </button>
      <button onClick={() => auth.signIn({ username: 'ada@example.com', password: 'secret-password' })}>
        sign in
      </button>
      <button onClick={() => auth.signOut()}>sign out</button>
      <button onClick={() => auth.updateProfile({ ...user, name: 'Ada King' })}>update</button>
      <button onClick={() => auth.confirmAccount()}>confirm account</button>
      <output data-testid="second-factor">{String(auth.awaitingSecondFactor)}</output>
      <button onClick={() => auth.verifySecondFactor({ otp: '123456' })}>send code</button>
    </div>
  );
}

interface Rendered {
  store: AppStore;
  clock: SimulatedClock;
  reloadPage: jest.Mock;
}

function renderAuth(): Rendered {
  const store = makeStore();
  const clock = new SimulatedClock();
  clock.set(START);
  const reloadPage = jest.fn();
  render(
    <AuthProvider store={store} clock={clock} reloadPage={reloadPage}>
      <Probe />
    </AuthProvider>,
  );
  return { store, clock, reloadPage };
}

const phase = () => screen.getByTestId('phase').textContent;
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

/** Another tab writing or clearing the shared storage: the browser sends this tab a `storage` event. */
function storageEvent(key: string | null, newValue: string | null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  });
}

async function renderSignedIn(expiresIn = HOUR_S): Promise<Rendered> {
  writeSession(token('stored', expiresIn), START);
  const rendered = renderAuth();
  await waitFor(() => expect(phase()).toBe('auth'));
  return rendered;
}

/** A plain GET through the app's one API and base query. */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ probe: build.query<unknown, void>({ query: () => '/api/permissions' }) }),
});
const fetchThroughApi = (store: AppStore) => store.dispatch(probeApi.endpoints.probe.initiate());

let network: FakeNetwork;

beforeEach(() => {
  localStorage.clear();
  network = fakeNetwork({
    'GET /api/account': { body: { data: user } },
    'POST /api/account/logout': { body: { message: 'ok' } },
  });
});

// ---- tests -------------------------------------------------------------------------------------

describe('AuthProvider on start', () => {
  it('loads the user with a valid stored token and becomes auth', async () => {
    writeSession(token('stored'), START);
    renderAuth();
    expect(phase()).toBe('loading');
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(screen.getByTestId('user')).toHaveTextContent('Ada Lovelace');
    expect(network.requestsTo('/api/account')).toEqual([
      expect.objectContaining({ method: 'GET', authorization: 'Bearer access-stored' }),
    ]);
  });

  it('refreshes an expired access token with the stored refresh token instead of signing out', async () => {
    writeSession(token('stored'), START - 2 * HOUR_S * 1000);
    network.route('POST /oauth/token', () => ({ status: 200, body: token('fresh') }));
    renderAuth();
    expect(phase()).toBe('loading');
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(network.requestsTo('/oauth/token')[0].body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-stored',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-fresh');
    expect(network.requestsTo('/api/account')[0].authorization).toBe('Bearer access-fresh');
  });

  it('clears an expired session whose refresh token is refused and is no-auth', async () => {
    writeSession(token('stored'), START - 2 * HOUR_S * 1000);
    network.route('POST /oauth/token', () => ({ status: 400, body: { error: 'invalid_grant' } }));
    renderAuth();
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(network.requestsTo('/api/account')).toEqual([]);
  });

  it('clears an expired session without a refresh token, without calling the server', async () => {
    writeSession(token('stored'), START - 2 * HOUR_S * 1000);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    renderAuth();
    expect(phase()).toBe('no-auth');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    await act(async () => undefined);
    expect(network.requests).toEqual([]);
  });

  it('is no-auth without a stored token', () => {
    renderAuth();
    expect(phase()).toBe('no-auth');
  });

  it('clears the token and becomes no-auth when the user fetch fails', async () => {
    writeSession(token('stored'), START);
    network.route('GET /api/account', () => ({ status: 500, body: { message: 'Server Error' } }));
    renderAuth();
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(readSession()).toBeNull();
  });
});

describe('AuthProvider with the account stored by an earlier visit (issue #15)', () => {
  const stored = { ...user, name: 'Ada (as stored)' };
  it('draws for the stored account at once and asks the server when the screens painted', async () => {
    writeSession(token('stored'), START);
    localStorage.setItem(STORAGE_KEYS.account, JSON.stringify(stored));
    renderAuth();
    expect(phase()).toBe('auth');
    expect(screen.getByTestId('user')).toHaveTextContent('Ada (as stored)');
    expect(network.requestsTo('/api/account')).toHaveLength(0);

    await click('confirm account');
    // The server's account replaces the stored one.
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Ada Lovelace'));
    expect(network.requestsTo('/api/account')).toHaveLength(1);
  });

  it('signs out and forgets the stored account when the account call answers 401', async () => {
    writeSession(token('stored'), START);
    localStorage.setItem(STORAGE_KEYS.account, JSON.stringify(stored));
    network.route('GET /api/account', () => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    renderAuth();
    await click('confirm account');
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
  });

  it('ignores a stored value that is not an account, and loads the account at once', async () => {
    writeSession(token('stored'), START);
    localStorage.setItem(STORAGE_KEYS.account, '{"name":"no permissions"}');
    renderAuth();
    expect(phase()).toBe('loading');
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(network.requestsTo('/api/account')).toHaveLength(1);
  });
});

describe('AuthProvider sign-in', () => {
  it('asks for the second factor on mfa_required, then signs in with the mfa_token and the code', async () => {
    network.route('POST /oauth/token', (request) =>
      (request.body as { grant_type: string }).grant_type === 'password'
        ? {
            status: 403,
            body: {
              error: 'mfa_required',
              error_description: 'Multifactor authentication required',
              mfa_token: 'mfa-1',
            },
          }
        : { status: 200, body: token('second', HOUR_S) },
    );
    renderAuth();
    await click('sign in');
    await waitFor(() => expect(screen.getByTestId('second-factor')).toHaveTextContent('true'));
    expect(phase()).toBe('no-auth');
    expect(screen.getByTestId('error')).toHaveTextContent('');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();

    await click('send code');
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(network.requestsTo('/oauth/token')[1].body).toEqual({
      grant_type: 'http://auth0.com/oauth/grant-type/mfa-otp',
      mfa_token: 'mfa-1',
      otp: '123456',
      client_id: 'spa',
      client_secret: 'shh',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-second');
    expect(network.requestsTo('/api/account')[0].authorization).toBe('Bearer access-second');
    expect(screen.getByTestId('second-factor')).toHaveTextContent('false');
  });

  it('stores the four session values, then fetches the user and becomes auth', async () => {
    network.route('POST /oauth/token', () => ({ status: 200, body: token('new', HOUR_S) }));
    // An account an earlier session stored (another user's, maybe) is forgotten with the new sign-in.
    localStorage.setItem(STORAGE_KEYS.account, JSON.stringify({ ...user, name: 'Someone Else' }));
    renderAuth();
    await click('sign in');
    await waitFor(() => expect(phase()).toBe('auth'));

    expect(network.requestsTo('/oauth/token')[0].body).toEqual({
      grant_type: 'password',
      username: 'ada@example.com',
      password: 'secret-password',
      scope: '*',
      client_id: 'spa',
      client_secret: 'shh',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-new');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-new');
    expect(localStorage.getItem(STORAGE_KEYS.expiresIn)).toBe('3600');
    expect(localStorage.getItem(STORAGE_KEYS.expiresAt)).toBe(
      dayjs(START).add(HOUR_S, 'second').format('YYYY-MM-DD HH:mm:ss'),
    );
    expect(network.requestsTo('/api/account')[0].authorization).toBe('Bearer access-new');
    expect(screen.getByTestId('user')).toHaveTextContent('Ada Lovelace');
    expect(localStorage.getItem(STORAGE_KEYS.account)).toBeNull();
  });

  it('reports signing in while the token request runs', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    network.route('POST /oauth/token', () => new Promise((resolve) => (answer = resolve)));
    renderAuth();
    await click('sign in');
    await waitFor(() => expect(screen.getByTestId('signing-in')).toHaveTextContent('true'));
    await act(async () => answer({ status: 200, body: token('new') }));
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(screen.getByTestId('signing-in')).toHaveTextContent('false');
  });

  it('clears the stored token and shows the error when sign-in fails', async () => {
    network.route('POST /oauth/token', () => ({
      status: 400,
      body: { message: 'The user credentials were incorrect.' },
    }));
    const { store } = renderAuth();
    // A stale session written after the start: a failed sign-in must not leave it behind.
    writeSession(token('stale'), START - 2 * HOUR_S * 1000);
    await click('sign in');
    await waitFor(() =>
      expect(screen.getByTestId('error')).toHaveTextContent('The user credentials were incorrect.'),
    );
    expect(phase()).toBe('no-auth');
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.expiresIn,
      STORAGE_KEYS.expiresAt,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(network.requestsTo('/api/account')).toEqual([]);
    // Shown once, by the sign-in screen; no toast repeating it.
    expect(store.getState().toasts).toEqual([]);
  });
});

describe('AuthProvider sign-out', () => {
  it('calls the logout API with the token, then clears the session', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    network.route('POST /api/account/logout', () => new Promise((resolve) => (answer = resolve)));
    await renderSignedIn();
    await click('sign out');
    await waitFor(() => expect(network.requestsTo('/api/account/logout')).toHaveLength(1));
    expect(network.requestsTo('/api/account/logout')[0].authorization).toBe('Bearer access-stored');
    expect(readSession()).not.toBeNull();
    expect(phase()).toBe('auth');

    await act(async () => answer({ status: 200, body: { message: 'ok' } }));
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('user')).toHaveTextContent('');
  });

  it('still clears the session when the logout call fails', async () => {
    network.route('POST /api/account/logout', () => ({ status: 500 }));
    await renderSignedIn();
    await click('sign out');
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(readSession()).toBeNull();
  });

  it('stops the expiry timer on sign-out', async () => {
    const { clock, reloadPage } = await renderSignedIn();
    await click('sign out');
    await waitFor(() => expect(phase()).toBe('no-auth'));
    act(() => clock.increment(2 * HOUR_S * 1000));
    expect(network.requestsTo('/oauth/token')).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('AuthProvider profile and 401', () => {
  it('replaces the user on updateProfile and stays auth', async () => {
    await renderSignedIn();
    await click('update');
    expect(screen.getByTestId('user')).toHaveTextContent('Ada King');
    expect(phase()).toBe('auth');
  });

  it('keeps the user signed in on a 401, asks for the password, then retries the request once', async () => {
    let revoked = true;
    network.route('PUT /api/account/password', (request) =>
      revoked || request.authorization !== 'Bearer access-again'
        ? { status: 401, body: { message: 'Unauthenticated.' } }
        : { status: 200, body: { message: 'password changed successfully' } },
    );
    network.route('POST /oauth/token', () => ({ status: 200, body: token('again') }));
    const { store } = await renderSignedIn();
    let answer: unknown;
    await act(async () => {
      void store
        .dispatch(
          accountApi.endpoints.changePassword.initiate({
            current_password: 'a',
            password: 'new-password-1',
            password_confirmation: 'new-password-1',
          }),
        )
        .then((result) => (answer = result));
    });
    await waitFor(() => expect(screen.getByTestId('reauth')).toHaveTextContent('ended'));
    // A save (a mutation) waits: the dialog may say it will be saved.
    expect(screen.getByTestId('reauth-saving')).toHaveTextContent('true');
    expect(phase()).toBe('auth');
    expect(screen.getByTestId('user')).toHaveTextContent('Ada Lovelace');
    expect(answer).toBeUndefined();
    // No toast for the 401: the dialog says it.
    expect(store.getState().toasts).toEqual([]);

    revoked = false;
    await click('sign in again');
    await waitFor(() => expect(answer).toBeDefined());
    expect(answer).toMatchObject({ data: { message: 'password changed successfully' } });
    expect(screen.getByTestId('reauth')).toHaveTextContent('');
    expect(screen.getByTestId('reauth-saving')).toHaveTextContent('false');
    expect(network.requestsTo('/api/account/password').map((request) => request.authorization)).toEqual([
      'Bearer access-stored',
      'Bearer access-again',
    ]);
  });

  it('answers the waiting request with its 401 when the user signs out from the dialog', async () => {
    network.route('GET /api/permissions', { status: 401, body: { message: 'Unauthenticated.' } });
    const { store } = await renderSignedIn();
    let answer: { error?: unknown } | undefined;
    await act(async () => {
      void fetchThroughApi(store).then((result) => (answer = result));
    });
    await waitFor(() => expect(screen.getByTestId('reauth')).toHaveTextContent('ended'));
    // Only a read waits: nothing is being saved, and the dialog must not say it is.
    expect(screen.getByTestId('reauth-saving')).toHaveTextContent('false');
    await click('sign out');
    await waitFor(() => expect(answer).toBeDefined());
    expect(answer?.error).toMatchObject({ status: 401 });
    await waitFor(() => expect(phase()).toBe('no-auth'));
    expect(network.requestsTo('/api/permissions')).toHaveLength(1);
  });
});

describe('AuthProvider token lifetime', () => {
  it('refreshes before the expiry and stores the new session', async () => {
    network.route('POST /oauth/token', () => ({ status: 200, body: token('refreshed') }));
    const { clock } = await renderSignedIn();
    act(() => clock.increment(HOUR_S * 1000 - DURATIONS.refreshBeforeExpiryMs));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-refreshed'));
    expect(network.requestsTo('/oauth/token')[0].body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-stored',
    });
    expect(phase()).toBe('auth');
  });

  it('clears the token and reloads the page at the expiry when the refresh fails', async () => {
    network.route('POST /oauth/token', () => ({ status: 400, body: { error: 'invalid_grant' } }));
    const { clock, reloadPage } = await renderSignedIn();
    act(() => clock.increment(HOUR_S * 1000 - DURATIONS.refreshBeforeExpiryMs));
    await waitFor(() => expect(network.requestsTo('/oauth/token')).toHaveLength(1));
    // The warning: the session ends in a minute, the password keeps it; the user stays.
    await waitFor(() => expect(screen.getByTestId('reauth')).toHaveTextContent('expiring'));
    expect(phase()).toBe('auth');
    expect(reloadPage).not.toHaveBeenCalled();
    expect(readSession()).not.toBeNull();
    act(() => clock.increment(DURATIONS.refreshBeforeExpiryMs));
    // The open forms' drafts are written first, then the token goes and the page reloads.
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(readSession()).toBeNull();
    // The sign-in screen the reload lands on says why.
    expect(sessionRanOut()).toBe(true);
  });

  it('stays signed in when the password is given during the warning, with a new expiry', async () => {
    let refused = true;
    network.route('POST /oauth/token', (request) =>
      refused && (request.body as { grant_type: string }).grant_type === 'refresh_token'
        ? { status: 400, body: { error: 'invalid_grant' } }
        : { status: 200, body: token('again') },
    );
    const { clock, reloadPage } = await renderSignedIn();
    act(() => clock.increment(HOUR_S * 1000 - DURATIONS.refreshBeforeExpiryMs));
    await waitFor(() => expect(screen.getByTestId('reauth')).toHaveTextContent('expiring'));
    await click('sign in again');
    await waitFor(() => expect(screen.getByTestId('reauth')).toHaveTextContent(''));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-again');
    refused = false;
    // The old expiry passes without a reload.
    act(() => clock.increment(DURATIONS.refreshBeforeExpiryMs));
    await act(async () => undefined);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(phase()).toBe('auth');
  });
});

describe('AuthProvider with a short token lifetime (issue #41)', () => {
  it('refreshes a 60 s session once, half-way, and each new token once more, never in a storm', async () => {
    let issued = 0;
    network.route('POST /oauth/token', () => ({ status: 200, body: token(`refreshed-${++issued}`, 60) }));
    const { clock, reloadPage } = await renderSignedIn(60);
    // The first seconds after signing in: no refresh at all (the defect sent ~60 here).
    act(() => clock.increment(2000));
    await act(async () => undefined);
    expect(network.requestsTo('/oauth/token')).toEqual([]);
    act(() => clock.increment(28_000));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-refreshed-1'));
    expect(network.requestsTo('/oauth/token')).toHaveLength(1);
    // The new 60 s token is refreshed 30 s later, with its own refresh token.
    act(() => clock.increment(29_000));
    await act(async () => undefined);
    expect(network.requestsTo('/oauth/token')).toHaveLength(1);
    act(() => clock.increment(1000));
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-refreshed-2'));
    expect(network.requestsTo('/oauth/token').map((request) => request.body)).toEqual([
      expect.objectContaining({ refresh_token: 'refresh-stored' }),
      expect.objectContaining({ refresh_token: 'refresh-refreshed-1' }),
    ]);
    expect(phase()).toBe('auth');
    expect(screen.getByTestId('reauth')).toHaveTextContent('');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('AuthProvider across tabs', () => {
  it('reschedules on a storage event with a new expires_at instead of signing out', async () => {
    network.route('POST /oauth/token', () => ({ status: 200, body: token('mine') }));
    const { clock, reloadPage } = await renderSignedIn();
    // Another tab refreshed half an hour in: it wrote a session that lasts until 11:30.
    act(() => clock.increment(HOUR_S * 500));
    writeSession(token('other-tab'), clock.now());
    storageEvent(STORAGE_KEYS.expiresAt, localStorage.getItem(STORAGE_KEYS.expiresAt));

    // The old refresh point and the old expiry pass without a refresh, a clear or a reload.
    act(() => clock.increment(HOUR_S * 500 + 1000));
    await act(async () => undefined);
    expect(network.requestsTo('/oauth/token')).toEqual([]);
    expect(reloadPage).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-other-tab');
    expect(phase()).toBe('auth');

    // The refresh follows the new expiry, with the other tab's refresh token.
    act(() => clock.increment(HOUR_S * 1000 - HOUR_S * 500 - DURATIONS.refreshBeforeExpiryMs));
    await waitFor(() => expect(network.requestsTo('/oauth/token')).toHaveLength(1));
    expect(network.requestsTo('/oauth/token')[0].body).toMatchObject({ refresh_token: 'refresh-other-tab' });
  });

  it('signs out when another tab clears the session', async () => {
    await renderSignedIn();
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    localStorage.removeItem(STORAGE_KEYS.expiresIn);
    localStorage.removeItem(STORAGE_KEYS.expiresAt);
    storageEvent(STORAGE_KEYS.accessToken, null);
    expect(phase()).toBe('no-auth');
    expect(screen.getByTestId('user')).toHaveTextContent('');
  });

  it('picks up a session another tab signed in with', async () => {
    renderAuth();
    writeSession(token('other-tab'), START);
    storageEvent(STORAGE_KEYS.expiresAt, localStorage.getItem(STORAGE_KEYS.expiresAt));
    await waitFor(() => expect(phase()).toBe('auth'));
    expect(network.requestsTo('/api/account')[0].authorization).toBe('Bearer access-other-tab');
  });

  it('does not refresh while another tab holds the lock', async () => {
    network.route('POST /oauth/token', () => ({ status: 200, body: token('mine') }));
    const { clock } = await renderSignedIn();
    localStorage.setItem(STORAGE_KEYS.refreshLock, `other:${START + HOUR_S * 1000 - 70_000}`);
    act(() => clock.increment(HOUR_S * 1000 - DURATIONS.refreshBeforeExpiryMs));
    await act(async () => undefined);
    expect(network.requestsTo('/oauth/token')).toEqual([]);
  });
});
