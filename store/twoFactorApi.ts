import {
  TWO_FACTOR_PATHS,
  type EnrolmentStart,
  type FactorProof,
  type RecoveryCodes,
  type TwoFactorStatus,
} from '../src/shared/contracts/twoFactor';
import { api } from './api';
import type { MessageResponse } from './accountApi';

const TAG = 'TwoFactor';

/** The signed-in user's authenticator app and recovery codes (Profile › Two-factor sign-in). */
export const twoFactorApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => TWO_FACTOR_PATHS.status,
      transformResponse: (response: { data: TwoFactorStatus }) => response.data,
      providesTags: [TAG],
    }),
    startEnrolment: build.mutation<EnrolmentStart, { current_password: string }>({
      query: (body) => ({ url: TWO_FACTOR_PATHS.status, method: 'POST', body }),
      transformResponse: (response: { data: EnrolmentStart }) => response.data,
    }),
    confirmEnrolment: build.mutation<RecoveryCodes & { message: string }, { code: string }>({
      query: (body) => ({ url: TWO_FACTOR_PATHS.confirm, method: 'POST', body }),
      transformResponse: (response: { data: RecoveryCodes; message: string }) => ({
        ...response.data,
        message: response.message,
      }),
      invalidatesTags: [TAG],
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodes & { message: string }, FactorProof>({
      query: (body) => ({ url: TWO_FACTOR_PATHS.recoveryCodes, method: 'POST', body }),
      transformResponse: (response: { data: RecoveryCodes; message: string }) => ({
        ...response.data,
        message: response.message,
      }),
      invalidatesTags: [TAG],
    }),
    disableTwoFactor: build.mutation<MessageResponse, FactorProof>({
      query: (body) => ({ url: TWO_FACTOR_PATHS.status, method: 'DELETE', body }),
      invalidatesTags: [TAG],
    }),
  }),
});

export const {
  useGetTwoFactorQuery,
  useStartEnrolmentMutation,
  useConfirmEnrolmentMutation,
  useRegenerateRecoveryCodesMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;
