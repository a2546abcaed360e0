import type { SecondFactorProof } from '../src/shared/contracts/mfaGrant';
import { MFA_GRANTS } from '../src/shared/contracts/mfaGrants';
import { REMEMBER_DEVICE_FIELD } from '../src/shared/contracts/rememberedDevices';
import type { TokenResponse } from '../src/shared/contracts/account';
import { API_PATHS } from '../src/shared/routes';
import { client, TOKEN_ERROR_FIELDS } from './accountApi';
import { api } from './api';

/**
 * The second step of a sign-in that answered mfa_required: the mfa_token and a code or recovery
 * code, for the same tokens as the password grant. Injected when the step is taken (AuthProvider
 * imports it then), so /login does not carry it.
 */
export const secondFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    secondFactorToken: build.mutation<TokenResponse, { mfaToken: string } & SecondFactorProof>({
      query: ({ mfaToken, remember_device: remember, ...proof }) => ({
        url: API_PATHS.token,
        method: 'POST',
        body: {
          grant_type: 'otp' in proof ? MFA_GRANTS.otp : MFA_GRANTS.recoveryCode,
          mfa_token: mfaToken,
          ...proof,
          ...(remember ? { [REMEMBER_DEVICE_FIELD]: 'true' } : {}),
          ...client(),
        },
      }),
      // The code step shows the failure itself: one message, not two.
      extraOptions: { silent: true, ignoreUnauthorized: true, displayFields: TOKEN_ERROR_FIELDS },
    }),
  }),
});
