import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequirePermission } from '../components/layout/RequirePermission';
import { registerRoutePreload } from '../hooks/routePreload';
import { PERMISSION_GROUPS, permissionKey, type PermissionGroup } from '../shared/permissions';
import { addPath, itemPath, trashPath } from '../shared/routes';
import { prefetchListRows, registerRouteRows, type LoadListRows } from './listPrefetch';

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
 * A list's deleted records at `listPath/trash` (issue 12), for holders of the group's destroy key
 * (`brands.index` → `brands.destroy`); none when the group cannot delete. The list's own screen
 * draws it (ResourceListPage shows the deleted records on this route).
 */
export function trashRoutes(listPath: string, permission: string, list: LoadScreen): RouteObject[] {
  const group = permission.slice(0, permission.lastIndexOf('.')) as PermissionGroup;
  const actions: readonly string[] = PERMISSION_GROUPS[group] ?? [];
  return actions.includes('destroy')
    ? [{ path: trashPath(listPath), ...guarded(permissionKey(group, 'destroy'), list) }]
    : [];
}

/**
 * A resource's routes behind one permission: the list at `listPath`, and the form screen at
 * `listPath/add` (unless `add` is false: pages cannot be added) and `listPath/:id`, and the deleted
 * records at `listPath/trash` (`trashRoutes`). With `rows`,
 * the list's rows are asked for as soon as the route is entered, beside the screen's chunk (its
 * loader; a later change of the list's query is the screen's own request, not the loader's).
 */
/**
 * A list screen's route behind `permission`. With `rows`, its rows are asked for as soon as the
 * route is entered, beside the screen's chunk (its loader; a later change of the list's query is
 * the screen's own request, not the loader's). A menu entry hovered or focused starts both too.
 */
export function listRoute(
  listPath: string,
  permission: string,
  list: LoadScreen,
  rows?: LoadListRows,
): RouteObject {
  registerRoutePreload(listPath, () => {
    void list().catch(() => undefined);
    if (rows)
      void prefetchListRows(rows, new URL(listPath, window.location.origin).href).catch(() => undefined);
  });
  if (rows) registerRouteRows(listPath, rows);
  return {
    path: listPath,
    ...guarded(permission, list),
    ...(rows
      ? {
          loader: ({ request }: { request: Request }) => prefetchListRows(rows, request.url),
          shouldRevalidate: () => false,
        }
      : {}),
  };
}

/**
 * A resource's routes behind one permission: the list at `listPath` (`listRoute`), and the form
 * screen at `listPath/add` (unless `add` is false: pages cannot be added) and `listPath/:id`.
 */
export function listAndFormRoutes(
  listPath: string,
  permission: string,
  list: LoadScreen,
  form: LoadScreen,
  { add = true, rows }: { add?: boolean; rows?: LoadListRows } = {},
): RouteObject[] {
  return [
    listRoute(listPath, permission, list, rows),
    ...(add ? [{ path: addPath(listPath), ...guarded(permission, form) }] : []),
    ...trashRoutes(listPath, permission, list),
    { path: itemPath(listPath, ':id'), ...guarded(permission, form) },
  ];
}
