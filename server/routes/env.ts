import type { FastifyInstance } from 'fastify';
import { RUNTIME_ENV_GLOBAL, type RuntimeEnv } from '../../src/shared/env';
import { API_PATHS } from '../../src/shared/routes';
import type { Config } from '../config';
import { companyZone } from '../lib/clock';

/** `window.__ENV__`, written from the configuration at run time so one build runs anywhere. */
export async function envRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  app.get(
    API_PATHS.env,
    {
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration for the SPA (JavaScript)',
        produces: ['application/javascript'],
      },
    },
    async (_request, reply) => {
      const env: RuntimeEnv = {
        AUTH_HOST: config.authHost,
        CLIENT_ID: app.spaClient.clientId,
        CLIENT_SECRET: app.spaClient.clientSecret,
        RICH_TEXT_EDITOR_KEY: config.richTextEditorKey,
        HOST_APP_URL: config.hostAppUrl,
        APP_NAME: config.appName,
        PASSWORD_MIN_LENGTH: config.passwordMinLength,
        SSO_NAME: config.oidc?.name ?? '',
        TIME_ZONE: companyZone(),
      };
      // '<' is escaped so no value can close a surrounding <script>.
      const json = JSON.stringify(env).replace(/</g, '\\u003c');
      return reply
        .type('application/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-store, must-revalidate')
        .send(`window.${RUNTIME_ENV_GLOBAL} = ${json};\n`);
    },
  );
}
