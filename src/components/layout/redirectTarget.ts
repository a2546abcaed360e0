import { ROUTES } from '../../shared/routes';

/**
 * Where a signed-in user on a guest page goes: the app URL that sent them to /login (AppLayout's
 * `state.from`, a path or a location), so a fresh sign-in lands where it was headed; otherwise the
 * dashboard.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string') return safe(from);
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as { pathname: string; search?: string; hash?: string };
    return safe(`${pathname}${search}${hash}`);
  }
  return ROUTES.dashboard;
}

/** Only paths inside the app; guest pages would bounce straight back. */
function safe(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//')) return ROUTES.dashboard;
  const guest: string[] = [
    ROUTES.login,
    ROUTES.forgotPassword,
    ROUTES.forgotPasswordSuccess,
    ROUTES.resetPassword,
  ];
  return guest.some((route) => path === route || path.startsWith(`${route}?`)) ? ROUTES.dashboard : path;
}
