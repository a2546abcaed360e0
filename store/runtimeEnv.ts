import { RUNTIME_ENV_GLOBAL, type RuntimeEnv } from '../src/shared/env';
import { PASSWORD_MIN } from '../src/shared/limits';

declare global {
  interface Window {
    [RUNTIME_ENV_GLOBAL]?: Partial<RuntimeEnv>;
  }
}

/** The runtime environment object written by the server into `/env.js`, read at call time. */
export function runtimeEnv(): RuntimeEnv {
  const env = (typeof window !== 'undefined' ? window[RUNTIME_ENV_GLOBAL] : undefined) ?? {};
  return {
    AUTH_HOST: env.AUTH_HOST ?? '',
    CLIENT_ID: env.CLIENT_ID ?? '',
    CLIENT_SECRET: env.CLIENT_SECRET ?? '',
    RICH_TEXT_EDITOR_KEY: env.RICH_TEXT_EDITOR_KEY ?? '',
    HOST_APP_URL: env.HOST_APP_URL ?? '',
    APP_NAME: env.APP_NAME ?? '',
    PASSWORD_MIN_LENGTH: env.PASSWORD_MIN_LENGTH ?? PASSWORD_MIN,
    SSO_NAME: env.SSO_NAME ?? '',
  };
}
