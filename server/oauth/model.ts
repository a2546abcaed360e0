import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { matchesHash, randomToken, sha256 } from '../lib/crypto';
import { verifyPassword } from '../lib/passwords';
import { findClient } from '../repositories/oauthClients';
import {
  createTokenPair,
  findAuthUserByAccessHash,
  findRefreshToken,
  markRefreshRotated,
  revokeFamily,
} from '../repositories/tokens';
import { findCredentialsByEmail } from '../repositories/users';
import { actorById, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { PASSKEY_GRANT } from '../../src/shared/contracts/mfaGrants';
import { MFA_GRANT_TYPES, mfaGrantTypes, requireSecondFactor } from './mfa';
import { ssoGrantTypes } from './ssoGrant';
import { SSO_GRANT } from '../../src/shared/contracts/singleSignOn';
import { hasIdentity } from '../repositories/singleSignOn';

export const GRANTS = ['password', 'refresh_token', ...MFA_GRANT_TYPES, PASSKEY_GRANT, SSO_GRANT] as const;
export const DEFAULT_SCOPE = '*';

/** What the model hands the library as "user": the id plus the sign-in family the tokens join. */
interface GrantUser {
  id: number;
  familyId: string;
}

/**
 * The right password of a Not Active account: the same error, message and answer as wrong
 * credentials (the library's own for a `getUser` that finds none), told apart only for the audit log.
 */
export class InactiveAccountError extends OAuth2Server.InvalidGrantError {
  constructor() {
    super(INVALID_CREDENTIALS);
  }
}

/**
 * The right password of a user linked to the single sign-on provider while OIDC_PASSWORD_SIGN_IN
 * is off: answered as wrong credentials too (the password grants nothing, and must not be confirmed).
 */
export class PasswordSignInOffError extends OAuth2Server.InvalidGrantError {
  constructor() {
    super(INVALID_CREDENTIALS);
  }
}

/** What the library says when `getUser` finds no user (the token route answers it in our words). */
export const INVALID_CREDENTIALS = 'Invalid grant: user credentials are invalid';

type Model = OAuth2Server.PasswordModel & OAuth2Server.RefreshTokenModel;

const toClient = (id: number): OAuth2Server.Client => ({ id: String(id), grants: [...GRANTS] });

const isGrantUser = (user: OAuth2Server.User): user is GrantUser =>
  typeof user.id === 'number' && typeof user.familyId === 'string';

/**
 * The @node-oauth/oauth2-server model over our repositories. Tokens are random opaque strings and
 * only their SHA-256 is stored. Refresh tokens rotate; a rotated one presented again revokes its
 * whole family (every token of that sign-in), the reuse detection of OAuth 2.0 Security BCP §4.14.
 */
export function createOAuthModel(
  db: Db,
  log: FastifyBaseLogger,
  options: { linkedPasswordSignIn: boolean } = { linkedPasswordSignIn: true },
): Model {
  return {
    async getClient(clientId, clientSecret) {
      const client = await findClient(db, clientId);
      if (!client || !clientSecret || !matchesHash(clientSecret, client.secretHash)) return false;
      return toClient(client.id);
    },

    async getUser(username, password, client) {
      const credentials = await findCredentialsByEmail(db, username);
      // Unknown user and wrong password take the same path and time (a dummy hash is verified).
      const valid = await verifyPassword(credentials?.password_hash, password);
      if (!credentials || !valid) return false;
      // A switched-off account is answered as a wrong password: the answer must not tell a guesser
      // that the password was right (the audit entry keeps the reason).
      if (credentials.status !== 1) throw new InactiveAccountError();
      if (!options.linkedPasswordSignIn && (await hasIdentity(db, credentials.id)))
        throw new PasswordSignInOffError();
      // An active authenticator: no tokens yet, an mfa_token for the second step (./mfa.ts).
      await requireSecondFactor(db, credentials.id, Number(client.id));
      return { id: credentials.id, familyId: randomUUID() } satisfies GrantUser;
    },

    async validateScope(_user, _client, scope) {
      if (!scope || scope.length === 0) return [DEFAULT_SCOPE];
      return scope.length === 1 && scope[0] === DEFAULT_SCOPE ? scope : false;
    },

    generateAccessToken: async () => randomToken(32),
    generateRefreshToken: async () => randomToken(32),

    async saveToken(token, client, user) {
      if (!isGrantUser(user)) throw new Error('saveToken: unexpected user');
      const now = new Date();
      await createTokenPair(db, {
        userId: user.id,
        clientId: Number(client.id),
        familyId: user.familyId,
        scope: (token.scope ?? [DEFAULT_SCOPE]).join(' '),
        accessHash: sha256(token.accessToken),
        accessExpiresAt: token.accessTokenExpiresAt ?? now,
        refreshHash: sha256(token.refreshToken ?? randomToken(32)),
        refreshExpiresAt: token.refreshTokenExpiresAt ?? now,
      });
      return { ...token, client, user };
    },

    async getAccessToken(accessToken) {
      const user = await findAuthUserByAccessHash(db, sha256(accessToken), new Date());
      if (!user) return false;
      return { accessToken, client: { id: '', grants: [] }, user };
    },

    async getRefreshToken(refreshToken) {
      const row = await findRefreshToken(db, sha256(refreshToken));
      if (!row) return false;
      if (row.rotatedAt) {
        await revokeFamily(db, row.familyId, new Date());
        securityEvent(log, 'token.reused', { userId: row.userId, familyId: row.familyId });
        const actor = await actorById(db, row.userId);
        await recordAudit(db, {
          kind: 'token.reused',
          actor,
          resource: 'users',
          recordId: row.userId,
          summary: `A rotated refresh token of ${actor?.email ?? `user ${row.userId}`} came back: that sign-in was revoked`,
        });
        return false;
      }
      if (row.revokedAt || row.userStatus !== 1) return false;
      return {
        refreshToken,
        refreshTokenExpiresAt: row.expiresAt,
        scope: row.scope.split(' '),
        client: toClient(row.clientId),
        user: { id: row.userId, familyId: row.familyId } satisfies GrantUser,
        rowId: row.id,
      };
    },

    async revokeToken(token) {
      return typeof token.rowId === 'number' && markRefreshRotated(db, token.rowId, new Date());
    },
  };
}

export function createOAuthServer(db: Db, config: Config, log: FastifyBaseLogger): OAuth2Server {
  return new OAuth2Server({
    model: createOAuthModel(db, log, { linkedPasswordSignIn: config.oidc?.passwordSignIn ?? true }),
    accessTokenLifetime: config.accessTokenTtl,
    refreshTokenLifetime: config.refreshTokenTtl,
    alwaysIssueNewRefreshToken: true,
    extendedGrantTypes: { ...mfaGrantTypes(db, config), ...(config.oidc ? ssoGrantTypes(db) : {}) },
  });
}
