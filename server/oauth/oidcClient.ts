import * as client from 'openid-client';
import type { OidcSettings } from '../config';

/**
 * The relying party of single sign-on: the company's OpenID Connect provider (OIDC_ISSUER) through
 * `openid-client`. Its metadata is discovered at the first sign-on and kept; a failed discovery is
 * tried again at the next one. Plain http is allowed only for a provider on this machine (config.ts).
 */
export interface OidcClient {
  issuer: string;
  configuration(): Promise<client.Configuration>;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let discovered: Promise<client.Configuration> | null = null;
  const insecure = new URL(settings.issuer).protocol === 'http:';
  return {
    issuer: settings.issuer,
    configuration() {
      discovered ??= client
        .discovery(
          new URL(settings.issuer),
          settings.clientId,
          undefined,
          client.ClientSecretPost(settings.clientSecret),
          insecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
        )
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
      return discovered;
    },
  };
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A new authorization request (code flow, PKCE S256, state and nonce) to send the browser to. */
export async function authorizationRequest(
  oidc: OidcClient,
  redirectUri: string,
): Promise<AuthorizationRequest> {
  const configuration = await oidc.configuration();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/** What the provider vouches for about the person, once the code is exchanged and the ID token checked. */
export interface ProviderClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const stringClaim = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/**
 * The callback's URL exchanged for the provider's tokens: the state must be this request's, the
 * code is sent with its PKCE verifier, and the ID token must carry this request's nonce (all
 * checked by openid-client). The e-mail claim comes from the ID token, or the userinfo endpoint.
 */
export async function exchangeCallback(
  oidc: OidcClient,
  settings: OidcSettings,
  callbackUrl: URL,
  expected: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderClaims> {
  const configuration = await oidc.configuration();
  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    expectedState: expected.state,
    expectedNonce: expected.nonce,
    pkceCodeVerifier: expected.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('The provider answered no ID token');
  let claims: Record<string, unknown> = idClaims;
  if (stringClaim(claims[settings.emailClaim]) === null) {
    const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    // fetchUserInfo checked that its subject is the ID token's.
    claims = { ...claims, ...info };
  }
  return {
    subject: idClaims.sub,
    email: stringClaim(claims[settings.emailClaim])?.toLowerCase() ?? null,
    // Only a boolean true counts; "true" or a missing claim do not.
    emailVerified: claims.email_verified === true,
    name: stringClaim(claims.name),
  };
}

/** Whether a refused exchange was the state check (the answer belongs to another request). */
export function isStateMismatch(error: unknown): boolean {
  if (!(error instanceof client.ClientError) || error.code !== 'OAUTH_INVALID_RESPONSE') return false;
  // openid-client wraps oauth4webapi's error, which names the parameter.
  const cause: unknown = error.cause;
  return cause instanceof Error && /"state"/.test(cause.message);
}
