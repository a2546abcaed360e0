import { useSyncExternalStore, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LoadingBlock } from '../components/feedback/LoadingBlock';
import { RequirePermission } from '../components/layout/RequirePermission';
import { firstScreenLoading, registerRoutePreload } from '../hooks/routePreload';
import {
  PERMISSION_GROUPS,
  permissionKey,
  type PermissionAction,
  type PermissionGroup,
  type PermissionRule,
} from '../shared/permissions';
import { addPath, itemPath, trashPath } from '../shared/routes';
import { openedAt, prefetchListRows, registerRouteRows, type LoadListRows } from './listPrefetch';

export type LoadScreen = () => Promise<ComponentType>;

/** `Screen` for a user holding `permission` (each of a list); the 'No access' page for anyone else. */
const behind = (permission: PermissionRule, Screen: ComponentType): ComponentType =>
  function Guarded() {
    return (
      <RequirePermission permission={permission}>
        <Screen />
      </RequirePermission>
    );
  };

/** A lazily loaded screen shown only to a user holding `permission` (else the 'No access' page). */
export function guarded(permission: PermissionRule, load: LoadScreen): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: behind(permission, await load()) }) };
}

/**
 * A screen drawn while its chunk loads (issue #15): a spinner in its place until the chunk is
 * there, then the screen, in an ordinary update (not a Suspense retry, which React holds back for
 * 300 ms after a fallback). A chunk that fails is thrown to the route's error page.
 */
function whenLoaded(load: LoadScreen): ComponentType {
  let state: { Screen?: ComponentType; failure?: unknown } = {};
  const listeners = new Set<() => void>();
  const loading = load().then(
    (Screen) => (state = { Screen }),
    (failure: unknown) => (state = { failure: failure ?? new Error('chunk') }),
  );
  void loading.finally(() => listeners.forEach((listener) => listener()));
  firstScreenLoading(loading);
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return function LoadingScreen() {
    const { Screen, failure } = useSyncExternalStore(subscribe, () => state);
    if (failure) throw failure;
    return Screen ? <Screen /> : <LoadingBlock />;
  };
}

/**
 * A list's deleted records at `listPath/trash` (issue 12), for holders of the group's destroy key
 * (`brands.index` → `brands.destroy`); none when the group cannot delete. The list's own screen
 * draws it (ResourceListPage shows the deleted records on this route).
 */
export function trashRoutes(listPath: string, permission: string, list: LoadScreen): RouteObject[] {
  const destroy = sibling(permission, 'destroy');
  return destroy ? [{ path: trashPath(listPath), ...guarded(destroy, list) }] : [];
}

/** The key of `action` in the group of `permission` (`brands.index` → `brands.store`), if it has one. */
function sibling(permission: string, action: PermissionAction): string | undefined {
  const group = permission.slice(0, permission.lastIndexOf('.')) as PermissionGroup;
  const actions: readonly string[] = PERMISSION_GROUPS[group] ?? [];
  return actions.includes(action) ? permissionKey(group, action) : undefined;
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
    // The app opened on this list draws its shell (header, menu) while the list's chunk loads, so
    // the commit that paints the rows draws the list alone; elsewhere the router waits for it.
    lazy: async () => ({
      Component: behind(permission, openedAt(listPath) ? whenLoaded(list) : await list()),
    }),
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
 * screen at `listPath/add` (unless `add` is false: pages cannot be added) and `listPath/:id`. The
 * add screen also needs the group's create key (`brands.store`): without it, 'No access' rather
 * than a form that cannot be saved (issue #41).
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
    ...(add
      ? [
          {
            path: addPath(listPath),
            ...guarded([permission, sibling(permission, 'store') ?? permission], form),
          },
        ]
      : []),
    ...trashRoutes(listPath, permission, list),
    { path: itemPath(listPath, ':id'), ...guarded(permission, form) },
  ];
}
