import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';

/**
 * The tokens an extension grant (RFC 6749 §4.5: the second-factor grants, the single sign-on code)
 * issues once it knows the user: the same as the password grant's, a new sign-in family, saved by
 * the model.
 */
export async function issueTokensFor(
  grant: OAuth2Server.AbstractGrantType,
  request: OAuth2Server.Request,
  client: OAuth2Server.Client,
  userId: number,
): Promise<OAuth2Server.Token> {
  const user = { id: userId, familyId: randomUUID() };
  const scope = await grant.validateScope(user, client, grant.getScope(request));
  if (!scope) throw new OAuth2Server.InvalidScopeError('Invalid scope: Requested scope is invalid');
  const token = {
    accessToken: await grant.generateAccessToken(client, user, scope),
    accessTokenExpiresAt: grant.getAccessTokenExpiresAt(),
    refreshToken: await grant.generateRefreshToken(client, user, scope),
    refreshTokenExpiresAt: grant.getRefreshTokenExpiresAt(),
    scope,
    client,
    user,
  };
  const model = (grant as unknown as { model: OAuth2Server.PasswordModel }).model;
  const saved = await model.saveToken(token, client, user);
  if (!saved) throw new OAuth2Server.ServerError('saveToken returned nothing');
  return saved;
}

/** A string field of the token request's body ('' when absent or not a string). */
export const bodyParam = (request: OAuth2Server.Request, name: string): string => {
  const value: unknown = request.body?.[name];
  return typeof value === 'string' ? value : '';
};
