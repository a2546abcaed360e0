import { createContext, useContext } from 'react';
import type { ReauthReason } from '../../machines/authMachine';
import type { LoginInput, User } from '../shared/contracts/account';
import type { MfaFactor, SecondFactorProof } from '../shared/contracts/mfaGrant';

/** The auth phases of spec §4. */
export type AuthPhase = 'loading' | 'auth' | 'no-auth';

/** What screens may know and do about the signed-in user. Backed by the one auth actor. */
export interface AuthApi {
  phase: AuthPhase;
  user: User | null;
  /** True while a sign-in request is in flight. */
  signingIn: boolean;
  /** The last sign-in failure's messages (shown by the sign-in screen or dialog), cleared by the next attempt. */
  signInError: string | null;
  /**
   * Why the session dialog asks for the password while the screen stays: `expiring` (the token runs
   * out soon and cannot be refreshed), `ended` (a request answered 401); null when all is well.
   */
  reauthReason: ReauthReason | null;
  /** While `ended`: whether a save waits for the re-sign-in (then it is sent again). */
  reauthSaving: boolean;
  /** While `expiring`: when the session ends (epoch ms). */
  sessionExpiresAt: number | null;
  signIn: (credentials: LoginInput) => void;
  /** Signs in with the one-time code a single sign-on handed the sign-in screen. */
  signInWithSso: (code: string) => void;
  /** Signs in again from the session dialog; the waiting requests are retried for the same user. */
  reauthenticate: (credentials: LoginInput) => void;
  signOut: () => void;
  /** Replaces the user only (after a profile update). */
  updateProfile: (user: User) => void;
  /**
   * The screens painted for the account stored by an earlier visit: ask the server for it now
   * (issue #15). Does nothing once the account was loaded.
   */
  confirmAccount: () => void;
  /** The password was right and the account has an authenticator app: the sign-in asks for its code. */
  awaitingSecondFactor: boolean;
  /** Sends the code (or a recovery code) of the second step. */
  verifySecondFactor: (proof: SecondFactorProof) => void;
  /** Back from the code step to the e-mail and password. */
  cancelSecondFactor: () => void;
  /** While the second factor is asked for: the account's factors (the step offers those). */
  secondFactors: MfaFactor[];
  /** Signs in with a passkey alone ("Sign in with a passkey"). */
  signInWithPasskey: () => void;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
