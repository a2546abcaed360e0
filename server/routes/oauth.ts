import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { en } from '../../src/shared/messages';
import { SECURITY_MESSAGES } from '../../src/shared/messages/security';
import { API_PATHS } from '../../src/shared/routes';
import type { TokenResponse } from '../../src/shared/contracts/account';
import { PASSKEY_GRANT } from '../../src/shared/contracts/mfaGrants';
import type { Config } from '../config';
import { MFA_GRANT_TYPES, MfaRequiredError, SecondFactorRefused } from '../oauth/mfa';
import {
  createOAuthServer,
  INVALID_CREDENTIALS,
  InactiveAccountError,
  PasswordSignInOffError,
} from '../oauth/model';
import { SSO_GRANT } from '../../src/shared/contracts/singleSignOn';
import { SsoCodeRefused } from '../oauth/ssoGrant';
import type { Limiter } from '../plugins/rateLimit';
import { actorById, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';
import { recordIssuedToken } from '../security/sessionRecords';
import { rememberDeviceProperty, rememberedDeviceSignIn } from './oauthDevice';
import {
  mfaBodyProperties,
  mfaDescription,
  mfaRequiredSchema,
  type SecondFactor,
  secondFactorSignIn,
} from './oauthMfa';

const oauthErrorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    message: { type: 'string' },
  },
} as const;

const tokenSchema = {
  tags: ['auth'],
  summary: 'Issue tokens (password, refresh_token and second-factor grants)',
  description:
    'JSON or application/x-www-form-urlencoded. Refresh tokens rotate; reusing a rotated one revokes every token of that sign-in. ' +
    mfaDescription,
  body: {
    type: 'object',
    properties: {
      grant_type: {
        type: 'string',
        description: `password | refresh_token | ${[...MFA_GRANT_TYPES, PASSKEY_GRANT, SSO_GRANT].join(' | ')}`,
      },
      username: { type: 'string', description: 'The e-mail address (password grant)' },
      password: { type: 'string' },
      scope: { type: 'string', description: "Defaults to '*'" },
      refresh_token: { type: 'string' },
      client_id: { type: 'string' },
      client_secret: { type: 'string' },
      code: {
        type: 'string',
        description: 'sso-code grant: the one-time code a single sign-on handed the SPA',
      },
      ...mfaBodyProperties,
      ...rememberDeviceProperty,
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        token_type: { type: 'string', enum: ['Bearer'] },
        access_token: { type: 'string' },
        refresh_token: { type: 'string' },
        expires_in: { type: 'integer' },
      },
    },
    400: oauthErrorSchema,
    401: oauthErrorSchema,
    403: mfaRequiredSchema,
  },
};

/** RFC 6749 §5.2 errors the contract knows; anything else the library raises maps onto one of them. */
const CONTRACT_ERRORS = new Set([
  'invalid_request',
  'invalid_grant',
  'unsupported_grant_type',
  'invalid_scope',
]);

const stringFields = (body: unknown): Record<string, string> => {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
    }
  }
  return fields;
};

/**
 * RFC 6749 §2.3: a client uses one authentication method per request. HTTP Basic credentials in the
 * Authorization header with client credentials in the body as well are refused, not reconciled.
 */
const twoClientAuthentications = (authorization: string | undefined, body: Record<string, string>): boolean =>
  /^basic(\s|$)/i.test(authorization ?? '') && ('client_id' in body || 'client_secret' in body);

/** The account a password grant tried, as the limits and the log name it. */
const accountOf = (username: string): string => username.trim().toLowerCase().slice(0, 254);

/** What a token request is, as the checks around the library's grant handling see it. */
interface TokenAttempt {
  body: Record<string, string>;
  passwordGrant: boolean;
  /** The account a password grant tried ('' for the other grants). */
  account: string;
  passkeySignIn: boolean;
  singleSignOn: boolean;
  /** The second factor a second-step grant carries, if this is one. */
  secondFactor: SecondFactor | null;
}

const attemptOf = (
  body: Record<string, string>,
  mfa: ReturnType<typeof secondFactorSignIn>,
): TokenAttempt => {
  const passwordGrant = body.grant_type === 'password' && Boolean(body.username);
  return {
    body,
    passwordGrant,
    account: passwordGrant ? accountOf(body.username) : '',
    passkeySignIn: body.grant_type === PASSKEY_GRANT,
    singleSignOn: body.grant_type === SSO_GRANT,
    secondFactor: mfa.factorOf(body.grant_type),
  };
};

/**
 * The library accepts only form bodies; Fastify has already parsed JSON or form into an object, so it
 * is handed over as a parsed form.
 */
const libraryRequest = (request: FastifyRequest, body: Record<string, string>): OAuth2Server.Request =>
  new OAuth2Server.Request({
    method: 'POST',
    query: {},
    headers: {
      // Client credentials may also come as HTTP Basic (RFC 6749 §2.3.1).
      ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Math.max(1, JSON.stringify(body).length)),
    },
    body,
  });

const signInSummary = (attempt: TokenAttempt, email: string): string =>
  `${email} signed in${attempt.passkeySignIn ? ' with a passkey' : attempt.singleSignOn ? ' with single sign-on' : ''}`;

/** The sign-in's audit entry: how the user proved who they are (never for a refresh). */
async function auditSignIn(
  app: FastifyInstance,
  attempt: TokenAttempt,
  userId: number,
  usedDevice: number | null,
): Promise<void> {
  if (!(attempt.passwordGrant || attempt.secondFactor || attempt.passkeySignIn || attempt.singleSignOn))
    return;
  const actor = await actorById(app.db, userId);
  await recordAudit(app.db, {
    kind: 'sign-in',
    actor,
    summary: signInSummary(attempt, actor?.email ?? attempt.account),
    ...(attempt.secondFactor ? { details: { second_factor: attempt.secondFactor } } : {}),
    ...(usedDevice !== null
      ? { details: { second_factor: 'remembered-device', device_id: usedDevice } }
      : {}),
    ...(attempt.passkeySignIn ? { details: { method: 'passkey' } } : {}),
    ...(attempt.singleSignOn ? { details: { method: 'sso' } } : {}),
  });
}

/** What the token route's steps share. */
interface TokenDeps {
  app: FastifyInstance;
  config: Config;
  server: OAuth2Server;
  failures: Limiter;
  mfa: ReturnType<typeof secondFactorSignIn>;
  devices: ReturnType<typeof rememberedDeviceSignIn>;
}

/** The checks before the grant is handled: lock-out per account, the second step's token. */
async function precheck(deps: TokenDeps, request: FastifyRequest, attempt: TokenAttempt): Promise<void> {
  const { failures, mfa } = deps;
  if (attempt.passwordGrant) {
    try {
      await failures.check(request, attempt.account);
    } catch (error) {
      securityEvent(request.log, 'sign-in.locked', { account: attempt.account, ip: request.ip });
      throw error;
    }
  }
  if (attempt.secondFactor) await mfa.check(request, attempt.body.mfa_token);
}

async function issue(deps: TokenDeps, request: FastifyRequest, reply: FastifyReply, attempt: TokenAttempt) {
  const { app, config, server, devices } = deps;
  // A password grant from a remembered device skips the second step (the model's check).
  const { result: token, usedDevice } = await devices.run(request, attempt.passwordGrant, () =>
    server.token(libraryRequest(request, attempt.body), new OAuth2Server.Response({ headers: {} })),
  );
  const userId = (token.user as { id: number }).id;
  await recordIssuedToken(app, config, request, attempt.body.grant_type ?? '', token.user);
  await auditSignIn(app, attempt, userId, usedDevice);
  if (attempt.secondFactor) await devices.remember(request, reply, attempt.body, userId);
  const answer: TokenResponse = {
    token_type: 'Bearer',
    access_token: token.accessToken,
    refresh_token: token.refreshToken ?? '',
    expires_in: config.accessTokenTtl,
  };
  return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(answer);
}

/** A refused grant: logged, counted and audited as what it was, then answered in RFC 6749's shape. */
async function refuse(
  deps: TokenDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: TokenAttempt,
  error: OAuth2Server.OAuthError,
) {
  const { app, failures, mfa } = deps;
  if (error instanceof MfaRequiredError) return mfa.answerRequired(request, reply, error);
  if (error instanceof SsoCodeRefused)
    securityEvent(request.log, 'sign-in.failed', { ip: request.ip, method: 'sso', reason: error.message });
  if (attempt.secondFactor && error instanceof SecondFactorRefused)
    await mfa.refused(request, attempt.secondFactor, error);
  if (attempt.passkeySignIn && error instanceof SecondFactorRefused)
    securityEvent(request.log, 'sign-in.failed', {
      ip: request.ip,
      reason: error.message,
      factor: 'passkey',
    });
  if (attempt.passwordGrant && error.name === 'invalid_grant') {
    const { account } = attempt;
    await failures.count(request, account);
    securityEvent(request.log, 'sign-in.failed', { account, ip: request.ip, reason: error.message });
    // The address tried and why, never the password.
    await recordAudit(app.db, {
      kind: 'sign-in.failed',
      email: account,
      summary: `Failed sign-in as ${account}`,
      details: { reason: failureReason(error) },
    });
  }
  return sendOAuthError(reply, error);
}

export async function oauthRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const perIp = app.limiter('token-ip', config.rateLimit.tokenPerIp);
  const deps: TokenDeps = {
    app,
    config,
    server: createOAuthServer(app.db, config, app.log),
    // Failures per account, whatever address they come from: a right password after too many wrong
    // ones is refused too, until the window passes.
    failures: app.limiter('token-failures', config.rateLimit.tokenFailuresPerUsername),
    mfa: secondFactorSignIn(app, config),
    devices: rememberedDeviceSignIn(app.db, config),
  };

  app.post(
    API_PATHS.token,
    {
      schema: tokenSchema,
      // A malformed body is an OAuth invalid_request here, not the API's 422.
      attachValidation: true,
      onRequest: async (request) => perIp.hit(request),
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.validationError) {
        return sendOAuthError(reply, new OAuth2Server.InvalidRequestError(request.validationError.message));
      }
      const body = stringFields(request.body);
      if (twoClientAuthentications(request.headers.authorization, body)) {
        return sendOAuthError(
          reply,
          new OAuth2Server.InvalidRequestError(SECURITY_MESSAGES.oneClientAuthentication),
        );
      }
      const attempt = attemptOf(body, deps.mfa);
      await precheck(deps, request, attempt);
      try {
        return await issue(deps, request, reply, attempt);
      } catch (error) {
        if (!(error instanceof OAuth2Server.OAuthError) || error instanceof OAuth2Server.ServerError)
          throw error;
        return refuse(deps, request, reply, attempt, error);
      }
    },
  );
}

const failureReason = (error: OAuth2Server.OAuthError): string => {
  if (error instanceof InactiveAccountError) return 'inactive';
  if (error instanceof PasswordSignInOffError) return 'password sign-in off (single sign-on)';
  return 'invalid credentials';
};

function sendOAuthError(reply: FastifyReply, error: OAuth2Server.OAuthError): FastifyReply {
  if (error.name === 'invalid_client') {
    return reply
      .code(401)
      .header('WWW-Authenticate', 'Basic realm="Service"')
      .header('Cache-Control', 'no-store')
      .send({ error: 'invalid_client', error_description: error.message, message: error.message });
  }
  // unauthorized_client can only mean a grant our client does not use: answer as unsupported.
  const code = CONTRACT_ERRORS.has(error.name) ? error.name : 'unsupported_grant_type';
  const credentialsFailed = code === 'invalid_grant' && error.message === INVALID_CREDENTIALS;
  const message = credentialsFailed ? en.invalidCredentials : error.message;
  return reply
    .code(400)
    .header('Cache-Control', 'no-store')
    .send({ error: code, error_description: message, message });
}
