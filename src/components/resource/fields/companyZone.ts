import { RUNTIME_ENV_GLOBAL } from '../../../shared/env';
import { serverTimeZone } from '../../../shared/zonedDays';

/**
 * The company's time zone (issue 36) as `/env.js` wrote it at page load, or as this tab last saved
 * it (Setting › Company); the browser's own when neither (a page served without it).
 */
export function companyTimeZone(): string {
  const env = typeof window !== 'undefined' ? window[RUNTIME_ENV_GLOBAL] : undefined;
  return env?.TIME_ZONE || serverTimeZone();
}

/** This tab saved the company record: days start in `zone` from now on. */
export function rememberCompanyTimeZone(zone: string): void {
  if (typeof window === 'undefined') return;
  window[RUNTIME_ENV_GLOBAL] = { ...window[RUNTIME_ENV_GLOBAL], TIME_ZONE: zone };
}
