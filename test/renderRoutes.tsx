import type { RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../src/components/feedback/LoadingBlock';
import { PERMISSION_CATALOGUE } from '../src/shared/permissions';
import { LocationDisplay, renderWithProviders, testUser } from './renderWithProviders';

/** Every permission of the catalogue except `key`. */
export const allPermissionsBut = (key: string): string[] =>
  PERMISSION_CATALOGUE.map((permission) => permission.name).filter((name) => name !== key);

/** Opens `route` among the app's `routes` (lazy, guarded) as a user holding `permissions`. */
export function renderRoutes(routes: RouteObject[], route: string, permissions: string[]) {
  return renderWithProviders(<LocationDisplay />, {
    route,
    // The app's root route shows this while a lazy screen loads.
    routes: [{ hydrateFallbackElement: <LoadingBlock />, children: routes }],
    auth: { user: { ...testUser, permissions } },
  });
}
