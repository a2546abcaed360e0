import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import { MFA_REQUIRED } from '../../src/shared/contracts/mfaGrant';
import { MFA_GRANTS } from '../../src/shared/contracts/mfaGrants';
import { TWO_FACTOR_MESSAGES as M } from '../../src/shared/messages/twoFactor';
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
} from '../repositories/twoFactor';
import { acceptRecoveryCode, acceptTotp, issueMfaToken, MFA_TOKEN_MAX_FAILURES } from '../security/twoFactor';

/**
 * The second step of a password sign-in, the way Auth0 documents the password grant with MFA: a
 * right password of a user with an active authenticator answers `403 mfa_required` with a
 * short-lived `mfa_token` instead of tokens; that token and a code then go back to /oauth/token as
 * an extension grant (RFC 6749 §4.5) of @node-oauth/oauth2-server (`extendedGrantTypes`), which
 * issues the same tokens as the password grant.
 */

export const MFA_GRANT_TYPES = [MFA_GRANTS.otp, MFA_GRANTS.recoveryCode] as const;

/** A right password, a second factor due: carries the `mfa_token` to answer. */
export class MfaRequiredError extends OAuth2Server.OAuthError {
  readonly mfaToken: string;
  readonly userId: number;

  constructor(mfaToken: string, userId: number) {
    super(M.mfaRequired, { code: 403, name: MFA_REQUIRED });
    this.mfaToken = mfaToken;
    this.userId = userId;
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

/** Called by the password grant's `getUser` once the password is right and the account active. */
export async function requireSecondFactor(db: Db, userId: number, clientId: number): Promise<void> {
  if (!(await hasActiveAuthenticator(db, userId))) return;
  throw new MfaRequiredError(await issueMfaToken(db, userId, clientId), userId);
}

type Verifier = (db: Db, userId: number, code: string) => Promise<boolean>;

const param = (request: OAuth2Server.Request, name: string): string => {
  const value: unknown = request.body?.[name];
  return typeof value === 'string' ? value : '';
};

function secondFactorGrant(
  db: Db,
  field: 'otp' | 'recovery_code',
  missing: string,
  wrong: string,
  accept: Verifier,
): typeof OAuth2Server.AbstractGrantType {
  return class SecondFactorGrant extends OAuth2Server.AbstractGrantType {
    async handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token> {
      const mfaToken = param(request, 'mfa_token');
      const code = param(request, field);
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
      if (!(await accept(db, challenge.userId, code))) {
        await countChallengeFailure(db, challenge.id);
        throw new SecondFactorRefused(wrong, challenge.userId);
      }
      if (!(await markChallengeUsed(db, challenge.id, at))) {
        throw new SecondFactorRefused(M.invalidMfaToken, null);
      }
      const user = { id: challenge.userId, familyId: randomUUID() };
      const scope = await this.validateScope(user, client, this.getScope(request));
      if (!scope) throw new OAuth2Server.InvalidScopeError('Invalid scope: Requested scope is invalid');
      const token = {
        accessToken: await this.generateAccessToken(client, user, scope),
        accessTokenExpiresAt: this.getAccessTokenExpiresAt(),
        refreshToken: await this.generateRefreshToken(client, user, scope),
        refreshTokenExpiresAt: this.getRefreshTokenExpiresAt(),
        scope,
        client,
        user,
      };
      const model = (this as unknown as { model: OAuth2Server.PasswordModel }).model;
      const saved = await model.saveToken(token, client, user);
      if (!saved) throw new OAuth2Server.ServerError('saveToken returned nothing');
      return saved;
    }
  };
}

const totpVerifier: Verifier = async (db, userId, code) => {
  const authenticator = await findAuthenticator(db, userId);
  return Boolean(authenticator?.confirmedAt) && acceptTotp(db, authenticator!, code);
};

/** The two grants, keyed by their grant_type URI, for `extendedGrantTypes`. */
export function mfaGrantTypes(db: Db): Record<string, typeof OAuth2Server.AbstractGrantType> {
  return {
    [MFA_GRANTS.otp]: secondFactorGrant(db, 'otp', M.missingOtp, M.invalidCode, totpVerifier),
    [MFA_GRANTS.recoveryCode]: secondFactorGrant(
      db,
      'recovery_code',
      M.missingRecoveryCode,
      M.invalidRecoveryCode,
      (tx, userId, code) => acceptRecoveryCode(tx, userId, code),
    ),
  };
}
