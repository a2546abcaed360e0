import { API_PATHS } from '../src/shared/routes';
import type {
  ChangePasswordInput,
  FileObject,
  ForgotPasswordInput,
  PreferencesInput,
  ProfileInput,
  ResetPasswordInput,
  TokenResponse,
  User,
} from '../src/shared/contracts/account';
import type { UploadKind } from '../src/shared/limits';
import { api } from './api';
import { runtimeEnv } from './runtimeEnv';

export interface MessageResponse {
  message: string;
}

export interface PasswordGrantInput {
  username: string;
  password: string;
  scope?: string;
}

/** The SPA's OAuth client, sent with every grant (spec §7). */
export const client = () => {
  const { CLIENT_ID, CLIENT_SECRET } = runtimeEnv();
  return { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
};

/** The token endpoint's RFC 6749 bodies: only `message` is for people (`error` is a code). */
export const TOKEN_ERROR_FIELDS = ['message'] as const;

/** The account slice: sign-in and token refresh, the signed-in user, password flows and uploads. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    issueToken: build.mutation<TokenResponse, PasswordGrantInput>({
      query: ({ username, password, scope = '*' }) => ({
        url: API_PATHS.token,
        method: 'POST',
        body: { grant_type: 'password', username, password, scope, ...client() },
      }),
      // The sign-in screen and the session dialog show the failure themselves: one message, not two.
      extraOptions: { silent: true, ignoreUnauthorized: true, displayFields: TOKEN_ERROR_FIELDS },
    }),
    refreshToken: build.mutation<TokenResponse, { refreshToken: string }>({
      query: ({ refreshToken }) => ({
        url: API_PATHS.token,
        method: 'POST',
        body: { grant_type: 'refresh_token', refresh_token: refreshToken, ...client() },
      }),
      // The token-expiry machine decides what a failed refresh means; no toast, no sign-out here.
      extraOptions: { silent: true, ignoreUnauthorized: true },
    }),
    getAccount: build.query<User, void>({
      query: () => API_PATHS.account,
      transformResponse: (response: { data: User }) => response.data,
      providesTags: ['Account'],
      // Only the auth actor loads the user, and a 401 here is its answer (no-auth), not a dialog.
      extraOptions: { silent: true, ignoreUnauthorized: true },
    }),
    updateAccount: build.mutation<{ data: User; message: string }, ProfileInput>({
      query: (body) => ({ url: API_PATHS.account, method: 'PUT', body }),
      invalidatesTags: ['Account'],
    }),
    updatePreferences: build.mutation<{ data: User; message: string }, PreferencesInput>({
      query: (body) => ({ url: API_PATHS.accountPreferences, method: 'PUT', body }),
    }),
    changePassword: build.mutation<MessageResponse, ChangePasswordInput>({
      query: (body) => ({ url: API_PATHS.accountPassword, method: 'PUT', body }),
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: API_PATHS.logout, method: 'POST' }),
      extraOptions: { silent: true, ignoreUnauthorized: true },
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordInput>({
      query: (body) => ({ url: API_PATHS.passwordForgot, method: 'POST', body }),
    }),
    checkResetToken: build.query<{ email: string }, string>({
      query: (token) => `${API_PATHS.passwordReset}/${encodeURIComponent(token)}`,
      transformResponse: (response: { data: { email: string } }) => response.data,
      extraOptions: { silent: true },
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordInput>({
      query: (body) => ({ url: API_PATHS.passwordReset, method: 'POST', body }),
    }),
    uploadFile: build.mutation<FileObject, { file: File; kind: UploadKind }>({
      query: ({ file, kind }) => {
        const body = new FormData();
        body.append('kind', kind);
        body.append('file', file);
        return { url: API_PATHS.uploads, method: 'POST', body };
      },
      transformResponse: (response: { data: FileObject }) => response.data,
    }),
  }),
});

export const {
  useIssueTokenMutation,
  useGetAccountQuery,
  useUpdateAccountMutation,
  useUpdatePreferencesMutation,
  useChangePasswordMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useCheckResetTokenQuery,
  useResetPasswordMutation,
  useUploadFileMutation,
} = accountApi;
