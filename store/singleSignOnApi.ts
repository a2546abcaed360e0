import type { TokenResponse } from '../src/shared/contracts/account';
import { SSO_GRANT, type SsoCodeInput } from '../src/shared/contracts/singleSignOn';
import { API_PATHS } from '../src/shared/routes';
import { client, TOKEN_ERROR_FIELDS } from './accountApi';
import { api } from './api';

/**
 * A finished single sign-on's one-time code exchanged for the same tokens as the password grant
 * (or `mfa_required`). Injected when it is used (AuthProvider imports it then), so /login does not
 * carry it.
 */
export const singleSignOnApi = api.injectEndpoints({
  endpoints: (build) => ({
    ssoToken: build.mutation<TokenResponse, SsoCodeInput>({
      query: ({ ssoCode }) => ({
        url: API_PATHS.token,
        method: 'POST',
        body: { grant_type: SSO_GRANT, code: ssoCode, ...client() },
      }),
      // The sign-in screen shows the failure itself: one message, not two.
      extraOptions: { silent: true, ignoreUnauthorized: true, displayFields: TOKEN_ERROR_FIELDS },
    }),
  }),
});
