import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SSO_FRAGMENT, type SsoError } from '../../src/shared/contracts/singleSignOn';
import { format } from '../../src/shared/messages';
import { SSO_MESSAGES } from '../../src/shared/messages/singleSignOn';
import { API_PATHS, ROUTES } from '../../src/shared/routes';
import type { Config, OidcSettings } from '../config';
import { now } from '../lib/clock';
import { randomToken, sha256 } from '../lib/crypto';
import { hashPassword } from '../lib/passwords';
import {
  authorizationRequest,
  createOidcClient,
  exchangeCallback,
  isStateMismatch,
  type OidcClient,
  type ProviderClaims,
} from '../oauth/oidcClient';
import { findClient } from '../repositories/oauthClients';
import {
  findRoleByName,
  findSsoUserByEmail,
  findUserByIdentity,
  insertHandover,
  insertSsoRequest,
  insertSsoUser,
  linkIdentity,
  purgeSsoRows,
  takeSsoRequest,
  type SsoUser,
} from '../repositories/singleSignOn';
import { actorById, recordAudit } from '../security/audit';
import { securityEvent } from '../security/events';

/** The browser cookie an authorization request is found again by: HttpOnly, only on these routes. */
export const SSO_COOKIE = 'sso_request';
const REQUEST_TTL_MS = 10 * 60 * 1000;
const HANDOVER_TTL_MS = 60 * 1000;

/** A refusal of the callback: the reason the sign-in screen words, and what the audit log keeps. */
class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoError,
    readonly detail: string,
    readonly email: string | null = null,
    readonly userId: number | null = null,
  ) {
    super(detail);
  }
}

const redirectSchema = (summary: string, description: string) => ({
  tags: ['auth'],
  summary,
  description,
  response: {
    302: { type: 'null', description: 'Redirect' },
    303: { type: 'null', description: 'Redirect' },
  },
});

/** What the two single sign-on routes share: the provider's client, the limit, the addresses, the cookie. */
function ssoTools(app: FastifyInstance, config: Config, settings: OidcSettings) {
  const oidc = createOidcClient(settings);
  const perIp = app.limiter('sso-ip', config.rateLimit.ssoPerIp);
  const authBase = config.authHost || config.publicUrl;
  const redirectUri = `${authBase}${API_PATHS.ssoCallback}`;
  const loginUrl = `${config.publicUrl}${ROUTES.login}`;
  const cookieOptions = {
    path: '/oauth/sso',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: authBase.startsWith('https:'),
  };

  const refuse = (reply: FastifyReply, reason: SsoError) =>
    reply.redirect(`${loginUrl}#${SSO_FRAGMENT.error}=${reason}`, 303);

  return { settings, oidc, perIp, authBase, redirectUri, loginUrl, cookieOptions, refuse, config };
}

type SsoTools = ReturnType<typeof ssoTools>;

/** The browser sent to the provider. */
function ssoStart(app: FastifyInstance, { oidc, perIp, redirectUri, cookieOptions, refuse }: SsoTools): void {
  app.get(
    API_PATHS.ssoStart,
    {
      schema: redirectSchema(
        'Start a single sign-on',
        "Redirects to the company's OpenID Connect provider (authorization code with PKCE), or back to /login#sso_error=unavailable.",
      ),
      onRequest: async (request) => perIp.hit(request),
    },
    async (request, reply) => {
      const at = new Date(now());
      let authorization;
      try {
        authorization = await authorizationRequest(oidc, redirectUri);
      } catch (error) {
        request.log.error({ err: error }, 'single sign-on: the provider could not be reached');
        return refuse(reply, 'unavailable');
      }
      const browserKey = randomToken(32);
      await purgeSsoRows(app.db, at);
      await insertSsoRequest(app.db, {
        browserHash: sha256(browserKey),
        state: authorization.state,
        nonce: authorization.nonce,
        codeVerifier: authorization.codeVerifier,
        expiresAt: new Date(at.getTime() + REQUEST_TTL_MS),
      });
      return reply
        .header(
          'Set-Cookie',
          serializeCookie(SSO_COOKIE, browserKey, { ...cookieOptions, maxAge: REQUEST_TTL_MS / 1000 }),
        )
        .header('Cache-Control', 'no-store')
        .redirect(authorization.url.href, 302);
    },
  );
}

/** The provider's answer checked; the browser sent to the sign-in screen with a one-time code. */
function ssoCallback(
  app: FastifyInstance,
  { settings, oidc, perIp, redirectUri, loginUrl, cookieOptions, refuse }: SsoTools,
): void {
  app.get(
    API_PATHS.ssoCallback,
    {
      schema: redirectSchema(
        'Single sign-on callback',
        'Where the provider sends the browser back. Redirects to /login#sso_code=… (exchanged at /oauth/token with the sso-code grant) or /login#sso_error=…',
      ),
      onRequest: async (request) => perIp.hit(request),
    },
    async (request, reply) => {
      reply
        .header('Set-Cookie', serializeCookie(SSO_COOKIE, '', { ...cookieOptions, maxAge: 0 }))
        .header('Cache-Control', 'no-store');
      try {
        const user = await signOnUser(app, request, { oidc, settings, redirectUri });
        const spa = await findClient(app.db, app.spaClient.clientId);
        if (!spa) throw new Error('The SPA client is missing');
        const code = randomToken(32);
        await insertHandover(app.db, {
          codeHash: sha256(code),
          userId: user.id,
          clientId: spa.id,
          expiresAt: new Date(now() + HANDOVER_TTL_MS),
        });
        return reply.redirect(`${loginUrl}#${SSO_FRAGMENT.code}=${code}`, 303);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        securityEvent(request.log, 'sign-in.failed', {
          account: error.email,
          ip: request.ip,
          method: 'sso',
          reason: error.detail,
        });
        await recordAudit(app.db, {
          kind: 'sign-in.failed',
          email: error.email ?? '',
          resource: error.userId ? 'users' : null,
          recordId: error.userId,
          summary: `Failed single sign-on${error.email ? ` as ${error.email}` : ''}: ${error.detail}`,
          details: { method: 'sso', reason: error.reason },
        });
        return refuse(reply, error.reason);
      }
    },
  );
}

/**
 * Single sign-on with the company's OpenID Connect provider (OIDC_*; docs/security.md). Registered
 * only when it is configured. `start` sends the browser to the provider (authorization code with
 * PKCE, state and nonce, kept under a cookie of this browser); the provider sends it back to
 * `callback`, which checks the answer, finds (or links, or creates) the user and sends the browser
 * to the sign-in screen with a one-time code in the fragment, exchanged there at /oauth/token
 * (oauth/ssoGrant.ts) for the same tokens as the password grant.
 */
export async function singleSignOnRoutes(
  app: FastifyInstance,
  { config }: { config: Config },
): Promise<void> {
  const settings = config.oidc;
  if (!settings) return;
  const tools = ssoTools(app, config, settings);
  ssoStart(app, tools);
  ssoCallback(app, tools);
}

interface SignOn {
  oidc: OidcClient;
  settings: OidcSettings;
  redirectUri: string;
}

/** The callback checked and its user found, linked or created; an SsoRefusal otherwise. */
async function signOnUser(app: FastifyInstance, request: FastifyRequest, signOn: SignOn): Promise<SsoUser> {
  const at = new Date(now());
  const browserKey = parseCookies(request.headers.cookie ?? '')[SSO_COOKIE];
  const expected = browserKey ? await takeSsoRequest(app.db, sha256(browserKey), at) : null;
  if (!expected) throw new SsoRefusal('expired', 'no open authorization request for this browser');
  // The provider's answer is the query string the browser came back with, on the registered address.
  const callbackUrl = new URL(signOn.redirectUri);
  callbackUrl.search = new URL(request.url, 'http://callback').search;
  let claims: ProviderClaims;
  try {
    claims = await exchangeCallback(signOn.oidc, signOn.settings, callbackUrl, expected);
  } catch (error) {
    if (isStateMismatch(error)) throw new SsoRefusal('state', 'the state does not match the request');
    request.log.warn({ err: error }, 'single sign-on: the provider’s answer was refused');
    throw new SsoRefusal('provider', error instanceof Error ? error.message.slice(0, 200) : 'refused');
  }
  const user = await findOrLinkUser(app, signOn, claims, at);
  if (user.status !== 1) throw new SsoRefusal('inactive', 'the account is not active', user.email, user.id);
  return user;
}

async function findOrLinkUser(
  app: FastifyInstance,
  { oidc, settings }: SignOn,
  claims: ProviderClaims,
  at: Date,
): Promise<SsoUser> {
  const linked = await findUserByIdentity(app.db, oidc.issuer, claims.subject, at);
  if (linked) return linked;
  // A first sign-on matches by e-mail, and only an address the provider vouches for.
  const { email } = claims;
  if (!email || !claims.emailVerified)
    throw new SsoRefusal('unverified', 'the provider did not verify the e-mail address', email);
  const existing = await findSsoUserByEmail(app.db, email);
  if (existing) {
    if (
      !(await linkIdentity(app.db, { userId: existing.id, issuer: oidc.issuer, subject: claims.subject, at }))
    )
      throw new SsoRefusal(
        'unknown',
        'the account is linked to another provider account',
        email,
        existing.id,
      );
    await recordAudit(app.db, {
      kind: 'sso.linked',
      actor: await actorById(app.db, existing.id),
      resource: 'users',
      recordId: existing.id,
      summary: format(SSO_MESSAGES.linked, { email: existing.email }),
      details: { issuer: oidc.issuer },
    });
    return existing;
  }
  const role = settings.newUserRole ? await findRoleByName(app.db, settings.newUserRole) : null;
  if (!role || role.isSuper) {
    if (settings.newUserRole)
      app.log.error(`OIDC_NEW_USER_ROLE "${settings.newUserRole}" is no role (or is the Super Admin role)`);
    throw new SsoRefusal('unknown', 'no account has this e-mail address', email);
  }
  const created = await app.db.transaction(async (tx) => {
    const user = await insertSsoUser(tx, {
      name: claims.name ?? email.split('@')[0],
      email,
      roleId: role.id,
      // Nobody knows it: the password sign-in of such a user works only after a reset.
      passwordHash: await hashPassword(randomToken(32)),
    });
    if (!user) return null;
    await linkIdentity(tx, { userId: user.id, issuer: oidc.issuer, subject: claims.subject, at });
    await recordAudit(tx, {
      kind: 'user.created',
      actor: { id: user.id, name: claims.name ?? user.email, email: user.email },
      resource: 'users',
      recordId: user.id,
      summary: format(SSO_MESSAGES.created, { email: user.email }),
      details: { method: 'sso', issuer: oidc.issuer, role: settings.newUserRole ?? '' },
    });
    return user;
  });
  if (!created) throw new SsoRefusal('unknown', 'the account could not be created', email);
  return created;
}
