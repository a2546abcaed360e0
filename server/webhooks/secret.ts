import { randomBytes } from 'node:crypto';

/** A signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
