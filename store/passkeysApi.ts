import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { PASSKEY_PATHS, passkeyPath, type Passkey } from '../src/shared/contracts/passkeys';
import { PASSKEY_MESSAGES as M } from '../src/shared/messages/passkeys';
import type { MessageResponse } from './accountApi';
import { api } from './api';

const TAG = 'Passkeys';

/** The signed-in user's passkeys (Profile › Passkeys). */
export const passkeysApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getPasskeys: build.query<Passkey[], void>({
      query: () => PASSKEY_PATHS.list,
      transformResponse: (response: { data: Passkey[] }) => response.data,
      providesTags: [TAG],
    }),
    passkeyRegistrationOptions: build.mutation<
      PublicKeyCredentialCreationOptionsJSON,
      { current_password: string }
    >({
      query: (body) => ({ url: PASSKEY_PATHS.registrationOptions, method: 'POST', body }),
      transformResponse: (response: { data: PublicKeyCredentialCreationOptionsJSON }) => response.data,
    }),
    registerPasskey: build.mutation<{ data: Passkey; message: string }, { name: string; response: unknown }>({
      query: (body) => ({ url: PASSKEY_PATHS.list, method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    removePasskey: build.mutation<MessageResponse, { id: number; current_password: string }>({
      query: ({ id, ...body }) => ({ url: passkeyPath(id), method: 'DELETE', body }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useGetPasskeysQuery,
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
} = passkeysApi;

/** The browser's new passkey for the options; a cancelled prompt is a field error on the name. */
export async function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<unknown> {
  try {
    return await startRegistration({ optionsJSON });
  } catch {
    throw { status: 422, data: { message: M.registrationFailed, errors: { name: [M.registrationFailed] } } };
  }
}
