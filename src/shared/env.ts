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
  /** Single sign-on's button, "Sign in with {SSO_NAME}" (OIDC_NAME); '' when it is not configured. */
  SSO_NAME: string;
  /**
   * The company's time zone (Setting › Company, issue 36), in which a day starts: the content forms'
   * "goes live on" sentence judges today there. Optional: read only by the signed-in area
   * (store/companyZone.ts), never by the guest bundle's `runtimeEnv()`.
   */
  TIME_ZONE?: string;
}

export const RUNTIME_ENV_GLOBAL = '__ENV__';
