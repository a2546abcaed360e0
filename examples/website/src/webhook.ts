/**
 * Verifies a delivery of the product's webhooks with the `standardwebhooks` package (the Standard
 * Webhooks specification's own library): `webhook-signature` holds `v1,<base64>` HMAC-SHA256
 * signatures over `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret (`whsec_…`,
 * Setting › Webhooks); a timestamp more than 5 minutes from this clock is refused (a replay). `body`
 * is the request's bytes as received, before any JSON parsing.
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export { WebhookVerificationError };

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: { resource?: string; id?: number; slug?: string; path?: string; previous_slug?: string };
}

type Headers = Record<string, string | string[] | undefined>;

/** The delivery's event and id once its signature and time are checked; throws otherwise. */
export function verifyWebhook(
  secret: string,
  body: Buffer | string,
  headers: Headers,
): { id: string; event: WebhookEvent } {
  if (!secret) throw new WebhookVerificationError('no WEBHOOK_SECRET: every delivery is refused');
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (typeof value === 'string') flat[name.toLowerCase()] = value;
  const event = new Webhook(secret).verify(body, flat) as WebhookEvent;
  return { id: flat['webhook-id'], event };
}
