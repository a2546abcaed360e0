import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ResetPasswordInput } from '../src/shared/contracts/account';
import { fieldErrors } from '../src/shared/fieldErrors';

/**
 * The reset-password screen's flow: the token from the e-mailed link is checked first; a missing,
 * used, unknown or expired token ends in `token-expired` (the screen shows the texts of `en`);
 * otherwise the new password is submitted until the server accepts it.
 */

export type ResetPasswordValues = Pick<ResetPasswordInput, 'password' | 'password_confirmation'>;

export interface ResetPasswordMachineInput {
  token: string | null;
  email: string | null;
}

export interface ResetPasswordContext {
  token: string | null;
  /** From the link first, then the address the server holds for the token. */
  email: string | null;
  /** First message per field of the last 422 answer. */
  fieldErrors: Record<string, string>;
}

export type ResetPasswordEvent = { type: 'SUBMIT' } & ResetPasswordValues;

/** How the actors reject: RTK Query's error shape (`{status, data}`); anything else is "other". */
export interface RequestFailure {
  status?: number | string;
  data?: unknown;
}

const failureOf = (error: unknown): RequestFailure =>
  error !== null && typeof error === 'object' ? (error as RequestFailure) : {};

const notProvided = (name: string) => () => {
  throw new Error(`resetPasswordMachine: '${name}' must be supplied with .provide()`);
};

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordMachineInput,
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    /** 410: the token expired or was used meanwhile. */
    isTokenGone: (_, params: { error: unknown }) => failureOf(params.error).status === 410,
    isValidationError: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
  },
  actors: {
    /** Resolves with the e-mail the token belongs to; rejects when it is expired, used or unknown. */
    checkToken: fromPromise<{ email: string }, { token: string }>(notProvided('checkToken')),
    resetPassword: fromPromise<unknown, ResetPasswordInput>(notProvided('resetPassword')),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token, email: input.email, fieldErrors: {} }),
  initial: 'starting',
  states: {
    // Transient: a link without a token cannot be checked, so it is as good as expired.
    starting: {
      always: [{ guard: 'hasToken', target: 'checking' }, { target: 'token-expired' }],
    },
    checking: {
      invoke: {
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'valid',
          actions: assign({ email: ({ event }) => event.output.email }),
        },
        // The check is silent and the screen has one way to say "this link no longer works".
        onError: 'token-expired',
      },
    },
    valid: {
      on: {
        SUBMIT: { target: 'submitting', actions: assign({ fieldErrors: {} }) },
      },
    },
    submitting: {
      invoke: {
        src: 'resetPassword',
        input: ({ context, event }) => ({
          token: context.token ?? '',
          email: context.email ?? '',
          password: event.password,
          password_confirmation: event.password_confirmation,
        }),
        onDone: 'done',
        onError: [
          {
            guard: { type: 'isTokenGone', params: ({ event }) => ({ error: event.error }) },
            target: 'token-expired',
          },
          {
            guard: { type: 'isValidationError', params: ({ event }) => ({ error: event.error }) },
            target: 'valid',
            actions: assign({
              fieldErrors: ({ event }) => fieldErrors(failureOf(event.error).data),
            }),
          },
          // Other failures were already shown as toasts by the base query; the form stays.
          { target: 'valid' },
        ],
      },
    },
    'token-expired': { type: 'final' },
    done: { type: 'final' },
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export type ResetPasswordState = 'checking' | 'valid' | 'token-expired' | 'submitting' | 'done';

/** The screen-facing state of a snapshot (the transient start state is never observed). */
export function resetPasswordState(snapshot: ResetPasswordSnapshot): ResetPasswordState {
  if (snapshot.matches('valid')) return 'valid';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('token-expired')) return 'token-expired';
  if (snapshot.matches('done')) return 'done';
  return 'checking';
}
