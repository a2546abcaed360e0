import OAuth2Server from '@node-oauth/oauth2-server';
import { SSO_GRANT } from '../../src/shared/contracts/singleSignOn';
import { SSO_MESSAGES } from '../../src/shared/messages/singleSignOn';
import type { Db } from '../db/client';
import { now } from '../lib/clock';
import { sha256 } from '../lib/crypto';
import { takeHandover } from '../repositories/singleSignOn';
import { activeUserEmail } from '../repositories/twoFactor';
import { bodyParam, issueTokensFor } from './issue';
import { requireSecondFactor } from './mfa';

/**
 * The one-time code of a finished single sign-on (routes/singleSignOn.ts) exchanged for the usual
 * tokens, an extension grant as the second-factor ones are. The code is single-use, one minute, and
 * only the client it was issued for (the SPA's) may present it. A user with an authenticator app is
 * still asked for its code (`mfa_required`, docs/decisions/2026-12-02-sso-keeps-the-second-factor.md).
 */
export class SsoCodeRefused extends OAuth2Server.InvalidGrantError {}

export function ssoGrantTypes(db: Db): Record<string, typeof OAuth2Server.AbstractGrantType> {
  class SsoCodeGrant extends OAuth2Server.AbstractGrantType {
    async handle(request: OAuth2Server.Request, client: OAuth2Server.Client): Promise<OAuth2Server.Token> {
      const code = bodyParam(request, 'code');
      if (!code) throw new OAuth2Server.InvalidRequestError(SSO_MESSAGES.missingCode);
      const userId = await takeHandover(db, sha256(code), Number(client.id), new Date(now()));
      // Unknown, used, expired, another client's, or the account switched off since: one answer.
      if (userId === null || !(await activeUserEmail(db, userId)))
        throw new SsoCodeRefused(SSO_MESSAGES.invalidCode);
      await requireSecondFactor(db, userId, Number(client.id));
      return issueTokensFor(this, request, client, userId);
    }
  }
  return { [SSO_GRANT]: SsoCodeGrant };
}
