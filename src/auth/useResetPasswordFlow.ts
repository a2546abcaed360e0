import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { fromPromise } from 'xstate';
import { inspectOptions } from '../../machines/inspector';
import {
  resetPasswordMachine,
  resetPasswordState,
  type ResetPasswordState,
  type ResetPasswordValues,
} from '../../machines/resetPasswordMachine';
import { accountApi } from '../../store/accountApi';
import { useAppDispatch } from '../../store/hooks';
import type { ResetPasswordInput } from '../shared/contracts/account';

export type { ResetPasswordState, ResetPasswordValues };

export interface ResetPasswordFlow {
  state: ResetPasswordState;
  /** The address the token belongs to (from the server once checked, else from the link). */
  email: string | null;
  /** First message per field of a 422 answer, ready for Formik's `setErrors`. */
  fieldErrors: Record<string, string>;
  submit: (values: ResetPasswordValues) => void;
}

/**
 * The reset-password screen's flow (machines/resetPasswordMachine.ts) on the store's endpoints.
 * The token and e-mail come from the link; they are read once, when the screen mounts.
 */
export function useResetPasswordFlow(token: string | null, email: string | null): ResetPasswordFlow {
  const dispatch = useAppDispatch();
  const actor = useActorRef(
    resetPasswordMachine.provide({
      actors: {
        checkToken: fromPromise<{ email: string }, { token: string }>(async ({ input }) => {
          const request = dispatch(
            accountApi.endpoints.checkResetToken.initiate(input.token, { forceRefetch: true }),
          );
          try {
            return await request.unwrap();
          } finally {
            request.unsubscribe();
          }
        }),
        resetPassword: fromPromise<unknown, ResetPasswordInput>(async ({ input }) => {
          const request = dispatch(accountApi.endpoints.resetPassword.initiate(input));
          try {
            return await request.unwrap();
          } finally {
            request.reset();
          }
        }),
      },
    }),
    { input: { token, email }, ...inspectOptions() },
  );

  const state = useSelector(actor, resetPasswordState);
  const currentEmail = useSelector(actor, (snapshot) => snapshot.context.email);
  const fieldErrors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const submit = useCallback(
    (values: ResetPasswordValues) =>
      actor.send({
        type: 'SUBMIT',
        password: values.password,
        password_confirmation: values.password_confirmation,
      }),
    [actor],
  );

  return { state, email: currentEmail, fieldErrors, submit };
}
