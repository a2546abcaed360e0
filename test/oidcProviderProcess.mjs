/**
 * A real OpenID Connect provider on loopback for the single sign-on tests: `oidc-provider` with its
 * development login and consent pages, one confidential client. Run as a process of its own by
 * test/oidcProvider.ts (it is an ES module, and the tests should talk to it over HTTP as the
 * product talks to a company's provider). Prints `listening <issuer>` once it answers.
 *
 * Config (JSON in OIDC_TEST_CONFIG): { clientId, clientSecret, redirectUri, accounts }. Any login
 * signs in as the subject <login>; its e-mail is the login, verified, unless `accounts` says
 * otherwise for that login (`{ email, email_verified, name }`).
 */
import http from 'node:http';
import process from 'node:process';
import Provider from 'oidc-provider';

const config = JSON.parse(process.env.OIDC_TEST_CONFIG ?? '{}');
const accounts = config.accounts ?? {};

const server = http.createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        redirect_uris: [config.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = { email: id, email_verified: true, name: `Person ${id}`, ...accounts[id], sub: id };
      return {
        accountId: id,
        async claims() {
          return account;
        },
      };
    },
  });
  server.on('request', provider.callback());
  process.stdout.write(`listening ${issuer}\n`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
