import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../components/layout/RequirePermission';
import { addPath, itemPath } from '../shared/routes';

export type LoadScreen = () => Promise<ComponentType>;

/** A lazily loaded screen shown only to a user holding `permission` (else the 'No access' page). */
export function guarded(permission: string, load: LoadScreen): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Screen = await load();
      return {
        Component: () => (
          <RequirePermission permission={permission}>
            <Screen />
          </RequirePermission>
        ),
      };
    },
  };
}

/**
 * A resource's routes behind one permission: the list at `listPath`, and the form screen at
 * `listPath/add` (unless `add` is false: pages cannot be added) and `listPath/:id`.
 */
export function listAndFormRoutes(
  listPath: string,
  permission: string,
  list: LoadScreen,
  form: LoadScreen,
  { add = true }: { add?: boolean } = {},
): RouteObject[] {
  return [
    { path: listPath, ...guarded(permission, list) },
    ...(add ? [{ path: addPath(listPath), ...guarded(permission, form) }] : []),
    { path: itemPath(listPath, ':id'), ...guarded(permission, form) },
  ];
}
