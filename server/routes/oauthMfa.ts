import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MfaRequiredAnswer } from '../../src/shared/contracts/mfaGrant';
import { MFA_GRANTS, PASSKEY_GRANT } from '../../src/shared/contracts/mfaGrants';
import { PASSKEY_PATHS } from '../../src/shared/contracts/passkeys';
import type { Config } from '../config';
import { now } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { MfaRequiredError, SecondFactorRefused } from '../oauth/mfa';
import { activeUserEmail, findOpenChallenge } from '../repositories/twoFactor';
import { recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { MFA_TOKEN_MAX_FAILURES } from '../security/twoFactor';

export type SecondFactor = 'otp' | 'recovery-code' | 'passkey';

const GRANT_FACTORS: Record<string, SecondFactor> = {
  [MFA_GRANTS.otp]: 'otp',
  [MFA_GRANTS.recoveryCode]: 'recovery-code',
  [MFA_GRANTS.passkey]: 'passkey',
};

const WRONG: Record<SecondFactor, { what: string; reason: string }> = {
  otp: { what: 'authenticator code', reason: 'invalid code' },
  'recovery-code': { what: 'recovery code', reason: 'invalid recovery code' },
  passkey: { what: 'passkey', reason: 'passkey not accepted' },
};

export const mfaDescription =
  'A right password of a user with an authenticator app answers 403 `mfa_required` with an `mfa_token` (5 minutes, ' +
  `single-use, ${MFA_TOKEN_MAX_FAILURES} wrong codes end it); then \`grant_type=${MFA_GRANTS.otp}\` with \`mfa_token\` and \`otp\`, ` +
  `or \`grant_type=${MFA_GRANTS.recoveryCode}\` with \`mfa_token\` and \`recovery_code\`, ` +
  `or \`grant_type=${MFA_GRANTS.passkey}\` with \`mfa_token\` and \`assertion\` (options from POST ${PASSKEY_PATHS.secondFactorOptions}), answers the tokens. ` +
  `\`grant_type=${PASSKEY_GRANT}\` with \`assertion\` alone (options from POST ${PASSKEY_PATHS.signInOptions}) is a passkey as the whole sign-in.`;

export const mfaBodyProperties = {
  mfa_token: {
    type: 'string',
    description: 'Second-factor grants: the token the mfa_required answer carried',
  },
  otp: { type: 'string', description: 'mfa-otp grant: the 6-digit code of the authenticator app' },
  recovery_code: { type: 'string', description: 'mfa-recovery-code grant: one unused recovery code' },
  assertion: {
    type: 'string',
    description: "Passkey grants: the browser's assertion (AuthenticationResponseJSON) as a JSON string",
  },
} as const;

export const mfaRequiredSchema = {
  type: 'object',
  properties: {
    error: { type: 'string', enum: ['mfa_required'] },
    error_description: { type: 'string' },
    message: { type: 'string' },
    mfa_token: { type: 'string' },
    mfa_factors: { type: 'array', items: { type: 'string', enum: ['otp', 'passkey'] } },
  },
} as const;

const limitKey = (userId: number): string => `user:${userId}`;

/**
 * The token route's part of two-factor sign-in (the grants themselves are in oauth/mfa.ts): wrong
 * codes are limited per account whatever mfa_token they come with (as wrong passwords are), logged
 * and audited; `mfa_required` is answered in Auth0's shape.
 */
export function secondFactorSignIn(app: FastifyInstance, config: Config) {
  const failures = app.limiter('mfa-failures', config.rateLimit.mfaFailuresPerAccount);

  return {
    /** The second factor a token request presents, or null (another grant). */
    factorOf: (grantType: string | undefined): SecondFactor | null =>
      (grantType && GRANT_FACTORS[grantType]) || null,

    /** 429 before any code is tried when the account behind the mfa_token had too many wrong ones. */
    async check(request: FastifyRequest, mfaToken: string | undefined): Promise<void> {
      if (!mfaToken) return;
      const challenge = await findOpenChallenge(
        app.db,
        sha256(mfaToken),
        new Date(now()),
        MFA_TOKEN_MAX_FAILURES,
      );
      if (!challenge) return;
      try {
        await failures.check(request, limitKey(challenge.userId));
      } catch (error) {
        securityEvent(request.log, 'sign-in.locked', { userId: challenge.userId, ip: request.ip });
        throw error;
      }
    },

    /** A refused second step: counted against the account (when the mfa_token was good), logged, audited. */
    async refused(request: FastifyRequest, factor: SecondFactor, error: SecondFactorRefused): Promise<void> {
      securityEvent(request.log, 'sign-in.second-factor-failed', {
        userId: error.userId,
        ip: request.ip,
        factor,
        reason: error.message,
      });
      if (error.userId === null) return;
      await failures.count(request, limitKey(error.userId));
      const email = (await activeUserEmail(app.db, error.userId)) ?? '';
      await recordAudit(app.db, {
        kind: 'sign-in.failed',
        email,
        resource: 'users',
        recordId: error.userId,
        summary: `Failed sign-in as ${email}: wrong ${WRONG[factor].what}`,
        details: { reason: WRONG[factor].reason },
      });
    },

    /** 403 `mfa_required` with the mfa_token (Auth0's shape, plus the contract's `message`). */
    answerRequired(request: FastifyRequest, reply: FastifyReply, error: MfaRequiredError): FastifyReply {
      securityEvent(request.log, 'sign-in.second-factor-required', { userId: error.userId, ip: request.ip });
      const answer: MfaRequiredAnswer = {
        error: 'mfa_required',
        error_description: error.message,
        message: error.message,
        mfa_token: error.mfaToken,
        mfa_factors: error.factors,
      };
      return reply.code(403).header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(answer);
    },
  };
}
