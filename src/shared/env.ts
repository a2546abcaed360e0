/** The runtime environment object served by `/env.js` as `window.__ENV__` (spec §7, API contract). */
export interface RuntimeEnv {
  AUTH_HOST: string;
  CLIENT_ID: string;
  CLIENT_SECRET: string;
  RICH_TEXT_EDITOR_KEY: string;
  HOST_APP_URL: string;
  APP_NAME: string;
  /** The shortest password the server accepts (PASSWORD_MIN_LENGTH): the forms check the same. */
  PASSWORD_MIN_LENGTH: number;
}

export const RUNTIME_ENV_GLOBAL = '__ENV__';
