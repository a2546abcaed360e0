export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const baseUrl = `http://127.0.0.1:${E2E_PORT}`;
/** The same server by name: WebAuthn takes no IP address as its RP ID (the server's PASSKEY_ORIGIN). */
export const passkeyBaseUrl = `http://localhost:${E2E_PORT}`;
/** The loopback SMTP server the e2e server sends its mail to (`E2E_SMTP_PORT`, else the next port). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1);
/** The company's sender address in the e2e server's mails (MAIL_FROM). */
export const E2E_MAIL_FROM = '"Acme Pumps" <hello@acme.test>';

/** The initial admin the e2e server is started with. */
export const E2E_ADMIN = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'Analytical-Engine-1843',
} as const;

/** The name on the sign-in screen's single sign-on button (OIDC_NAME; the provider is test/oidcProvider.ts). */
export const E2E_OIDC_NAME = 'Acme ID';

/** The example website (examples/website) the runner starts beside the server: its port + 4, loopback. */
export const EXAMPLE_SITE_PORT = Number(process.env.E2E_SITE_PORT ?? E2E_PORT + 4);
export const exampleSiteUrl = `http://127.0.0.1:${EXAMPLE_SITE_PORT}`;
