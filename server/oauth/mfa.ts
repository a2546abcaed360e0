import OAuth2Server from '@node-oauth/oauth2-server';
import { MFA_REQUIRED, type MfaFactor } from '../../src/shared/contracts/mfaGrant';
import { MFA_GRANTS, PASSKEY_GRANT } from '../../src/shared/contracts/mfaGrants';
import { PASSKEY_MESSAGES as PM } from '../../src/shared/messages/passkeys';
import { TWO_FACTOR_MESSAGES as M } from '../../src/shared/messages/twoFactor';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { now } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import {
  activeUserEmail,
  countChallengeFailure,
  findAuthenticator,
  findOpenChallenge,
  hasActiveAuthenticator,
  markChallengeUsed,
  type OpenChallenge,
} from '../repositories/twoFactor';
import { hasPasskey } from '../repositories/passkeys';
import {
  consumeChallengeOf,
  parseAssertion,
  relyingParty,
  verifyAssertion,
  type RelyingParty,
} from '../security/passkeys';
import { bodyParam, issueTokensFor } from './issue';
import { rememberedDeviceSkips } from './rememberedDevice';
import { acceptRecoveryCode, acceptTotp, issueMfaToken, MFA_TOKEN_MAX_FAILURES } from '../security/twoFactor';

/**
 * The second step of a password sign-in, the way Auth0 documents the password grant with MFA: a
 * right password of a user with an active authenticator answers `403 mfa_required` with a
 * short-lived `mfa_token` instead of tokens; that token and a code then go back to /oauth/token as
 * an extension grant (RFC 6749 §4.5) of @node-oauth/oauth2-server (`extendedGrantTypes`), which
 * issues the same tokens as the password grant.
 */

export const MFA_GRANT_TYPES = [MFA_GRANTS.otp, MFA_GRANTS.recoveryCode, MFA_GRANTS.passkey] as const;

/** A right password, a second factor due: carries the `mfa_token` to answer. */
export class MfaRequiredError extends OAuth2Server.OAuthError {
  readonly mfaToken: string;
  readonly userId: number;
  readonly factors: MfaFactor[];

  constructor(mfaToken: string, userId: number, factors: MfaFactor[]) {
    super(M.mfaRequired, { code: 403, name: MFA_REQUIRED });
    this.mfaToken = mfaToken;
    this.userId = userId;
    this.factors = factors;
  }
}

/** Which second factor a refused code was, and for whom (when the mfa_token was good): for the limits and the audit log. */
export class SecondFactorRefused extends OAuth2Server.InvalidGrantError {
  readonly userId: number | null;

  constructor(message: string, userId: number | null) {
    super(message);
    this.userId = userId;
  }
}

/** The second factors the user has: an active authenticator app, passkeys. */
export async function factorsOf(db: Db, userId: number): Promise<MfaFactor[]> {
  const factors: MfaFactor[] = [];
  if (await hasActiveAuthenticator(db, userId)) factors.push('otp');
  if (await hasPasskey(db, userId)) factors.push('passkey');
  return factors;
}

/** Called by the password grant's `getUser` once the password is right and the account active. */
export async function requireSecondFactor(db: Db, userId: number, clientId: number): Promise<void> {
  const factors = await factorsOf(db, userId);
  if (factors.length === 0) return;
  if (await rememberedDeviceSkips(db, userId)) return;
  throw new MfaRequiredError(await issueMfaToken(db, userId, clientId), userId, factors);
}

type Verifier = (db: Db, challenge: OpenChallenge, code: string) => Promise<boolean>;

function secondFactorGrant(
  db: Db,
  field: 'otp' | 'recovery_code' | 'assertion',
  missing: string,
  wrong: string,
  accept: Verifier,
): typeof OAuth2Server.AbstractGrantType {
  return class SecondFactorGrant extends OAuth2Server.AbstractGrantType {
    async handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token> {
      const mfaToken = bodyParam(request, 'mfa_token');
      const code = bodyParam(request, field);
      if (!mfaToken) throw new OAuth2Server.InvalidRequestError(M.missingMfaToken);
      if (!code) throw new OAuth2Server.InvalidRequestError(missing);
      const at = new Date(now());
      const challenge = await findOpenChallenge(db, sha256(mfaToken), at, MFA_TOKEN_MAX_FAILURES);
      // Unknown, expired, used, worn out by wrong codes, or another client's: all the same answer.
      if (!challenge || String(challenge.clientId) !== String(client.id)) {
        throw new SecondFactorRefused(M.invalidMfaToken, null);
      }
      if (!(await activeUserEmail(db, challenge.userId))) {
        await markChallengeUsed(db, challenge.id, at);
        throw new SecondFactorRefused(M.invalidMfaToken, null);
      }
      if (!(await accept(db, challenge, code))) {
        await countChallengeFailure(db, challenge.id);
        throw new SecondFactorRefused(wrong, challenge.userId);
      }
      if (!(await markChallengeUsed(db, challenge.id, at))) {
        throw new SecondFactorRefused(M.invalidMfaToken, null);
      }
      return issueTokensFor(this, request, client, challenge.userId);
    }
  };
}

/**
 * A passkey's assertion for the second step: it answers a challenge handed out for this sign-in
 * (the same user and client, `second-factor`, unused, unexpired), and the passkey is that user's.
 */
const passkeyVerifier =
  (rp: RelyingParty): Verifier =>
  async (db, challenge, raw) => {
    const assertion = parseAssertion(raw);
    if (!assertion) return false;
    const consumed = await consumeChallengeOf(db, assertion, 'second-factor');
    if (!consumed || consumed.mfaChallengeId !== challenge.id || consumed.userId !== challenge.userId)
      return false;
    return Boolean(await verifyAssertion(db, rp, assertion, consumed.challenge, challenge.userId));
  };

/**
 * A passkey as the whole sign-in: the assertion of a discoverable passkey (user verification
 * required: the device's PIN or biometrics is the second factor) answering a `sign-in` challenge
 * handed out to this client. The passkey names the user.
 */
function passkeyGrant(db: Db, rp: RelyingParty): typeof OAuth2Server.AbstractGrantType {
  return class PasskeyGrant extends OAuth2Server.AbstractGrantType {
    async handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token> {
      const raw = bodyParam(request, 'assertion');
      if (!raw) throw new OAuth2Server.InvalidRequestError(PM.missingAssertion);
      const assertion = parseAssertion(raw);
      if (!assertion) throw new OAuth2Server.InvalidRequestError(PM.invalidAssertion);
      const consumed = await consumeChallengeOf(db, assertion, 'sign-in');
      if (!consumed || String(consumed.clientId) !== String(client.id)) {
        throw new SecondFactorRefused(PM.challengeExpired, null);
      }
      const passkey = await verifyAssertion(db, rp, assertion, consumed.challenge, null);
      if (!passkey) throw new SecondFactorRefused(PM.notAccepted, null);
      if (!(await activeUserEmail(db, passkey.userId))) throw new SecondFactorRefused(PM.notAccepted, null);
      return issueTokensFor(this, request, client, passkey.userId);
    }
  };
}

const totpVerifier: Verifier = async (db, { userId }, code) => {
  const authenticator = await findAuthenticator(db, userId);
  return Boolean(authenticator?.confirmedAt) && acceptTotp(db, authenticator!, code);
};

/** The second-factor grants and the passkey sign-in, keyed by their grant_type URI, for `extendedGrantTypes`. */
export function mfaGrantTypes(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'appName' | 'passkeyOrigin'>,
): Record<string, typeof OAuth2Server.AbstractGrantType> {
  const rp = relyingParty(config);
  return {
    [MFA_GRANTS.passkey]: secondFactorGrant(
      db,
      'assertion',
      PM.missingAssertion,
      PM.notAccepted,
      passkeyVerifier(rp),
    ),
    [PASSKEY_GRANT]: passkeyGrant(db, rp),
    [MFA_GRANTS.otp]: secondFactorGrant(db, 'otp', M.missingOtp, M.invalidCode, totpVerifier),
    [MFA_GRANTS.recoveryCode]: secondFactorGrant(
      db,
      'recovery_code',
      M.missingRecoveryCode,
      M.invalidRecoveryCode,
      (tx, { userId }, code) => acceptRecoveryCode(tx, userId, code),
    ),
  };
}
