import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TokenResponse } from '../src/shared/contracts/account';
import { MFA_GRANTS, PASSKEY_GRANT } from '../src/shared/contracts/mfaGrants';
import { PASSKEY_PATHS } from '../src/shared/contracts/passkeys';
import { REMEMBER_DEVICE_FIELD } from '../src/shared/contracts/rememberedDevices';
import { PASSKEY_MESSAGES as M } from '../src/shared/messages/passkeys';
import { API_PATHS } from '../src/shared/routes';
import { client, TOKEN_ERROR_FIELDS } from './accountApi';
import { api } from './api';
import type { AppStore } from './index';

/**
 * A passkey's part of the sign-in: the server's challenge, the browser's assertion
 * (@simplewebauthn/browser), then /oauth/token, for a passkey alone or as the second step of an
 * `mfa_required` sign-in. Loaded when a passkey is used (AuthProvider imports it then): /login does
 * not carry it.
 */
const silent = { silent: true, ignoreUnauthorized: true, displayFields: TOKEN_ERROR_FIELDS } as const;

export const passkeySignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeyOptions: build.mutation<PublicKeyCredentialRequestOptionsJSON, { mfaToken?: string }>({
      query: ({ mfaToken }) => ({
        url: mfaToken ? PASSKEY_PATHS.secondFactorOptions : PASSKEY_PATHS.signInOptions,
        method: 'POST',
        body: { ...client(), ...(mfaToken ? { mfa_token: mfaToken } : {}) },
      }),
      transformResponse: (response: { data: PublicKeyCredentialRequestOptionsJSON }) => response.data,
      extraOptions: silent,
    }),
    passkeyToken: build.mutation<TokenResponse, { mfaToken?: string; assertion: string; remember?: boolean }>(
      {
        query: ({ mfaToken, assertion, remember }) => ({
          url: API_PATHS.token,
          method: 'POST',
          body: mfaToken
            ? {
                grant_type: MFA_GRANTS.passkey,
                mfa_token: mfaToken,
                assertion,
                ...(remember ? { [REMEMBER_DEVICE_FIELD]: 'true' } : {}),
                ...client(),
              }
            : { grant_type: PASSKEY_GRANT, assertion, ...client() },
        }),
        extraOptions: silent,
      },
    ),
  }),
});

type Dispatch = AppStore['dispatch'];

/** A failure shaped like the API's, so that the sign-in shows its words. */
const refusal = (message: string) => ({ status: 400, data: { message } });

/** The browser's assertion for the options; a cancelled or impossible prompt is a sign-in error. */
async function assertionFor(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<string> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) throw refusal(M.unsupported);
  try {
    return JSON.stringify(await startAuthentication({ optionsJSON }));
  } catch {
    throw refusal(M.browserRefused);
  }
}

/** Signs in with a passkey (alone, or for an `mfaToken`'s second step, remembering the device if asked): the tokens. */
export async function passkeyTokens(
  dispatch: Dispatch,
  input: { passkey: true; mfaToken?: string; remember_device?: boolean },
): Promise<TokenResponse> {
  const { mfaToken, remember_device: remember } = input;
  const settle = async <T>(request: { unwrap(): Promise<T>; reset(): void }) => {
    try {
      return await request.unwrap();
    } finally {
      request.reset();
    }
  };
  const options = await settle(dispatch(passkeySignInApi.endpoints.passkeyOptions.initiate({ mfaToken })));
  const assertion = await assertionFor(options);
  return settle(
    dispatch(passkeySignInApi.endpoints.passkeyToken.initiate({ mfaToken, assertion, remember })),
  );
}
