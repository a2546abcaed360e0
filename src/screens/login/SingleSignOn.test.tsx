import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RUNTIME_ENV_GLOBAL } from '../../shared/env';
import { SSO_ERROR_MESSAGES } from '../../shared/messages/singleSignOn';
import { API_PATHS, ROUTES } from '../../shared/routes';
import { LoginScreen } from './LoginScreen';
import { resetSingleSignOnReturn } from './SingleSignOn';

const guest = { phase: 'no-auth' as const, user: null };

describe('LoginScreen single sign-on', () => {
  afterEach(() => {
    delete window[RUNTIME_ENV_GLOBAL];
    window.history.replaceState(null, '', '/');
    resetSingleSignOnReturn();
  });

  it('has no "Sign in with …" button when single sign-on is not configured', () => {
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('links "Sign in with {OIDC_NAME}" to the API start route when configured', async () => {
    window[RUNTIME_ENV_GLOBAL] = { SSO_NAME: 'Acme ID' };
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    const button = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(button).toHaveAttribute('href', API_PATHS.ssoStart);
  });

  it('hands the one-time code of the address to the auth machine once and removes it from the address', async () => {
    window[RUNTIME_ENV_GLOBAL] = { SSO_NAME: 'Acme ID' };
    window.history.replaceState(null, '', `${ROUTES.login}#sso_code=one-time`);
    const { auth } = renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    await waitFor(() => expect(auth.signInWithSso).toHaveBeenCalledWith('one-time'));
    expect(auth.signInWithSso).toHaveBeenCalledTimes(1);
    expect(window.location.hash).toBe('');
  });

  it('says why a single sign-on was refused; an unknown reason reads as the provider’s refusal', async () => {
    window[RUNTIME_ENV_GLOBAL] = { SSO_NAME: 'Acme ID' };
    window.history.replaceState(null, '', `${ROUTES.login}#sso_error=unverified`);
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(await screen.findByText(SSO_ERROR_MESSAGES.unverified)).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });

  it('shows a refusal even when the button is not configured (any more)', async () => {
    window.history.replaceState(null, '', `${ROUTES.login}#sso_error=<script>`);
    renderWithProviders(<LoginScreen />, { path: ROUTES.login, auth: guest });
    expect(await screen.findByText(SSO_ERROR_MESSAGES.provider)).toBeInTheDocument();
  });
});
