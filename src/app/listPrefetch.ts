import { prefetchQuietly } from '../../store/api';
import type { AppStore } from '../../store';
import { isExpired, readSession } from '../../store/session';
import type { ListRows } from '../components/resource/listRows';

/** Loads a resource's `ListRows` (a small chunk: its store slice and contract). */
export type LoadListRows = () => Promise<ListRows>;

let routeStore: AppStore | null = null;
/** The path the app was opened on (`prefetchRowsAt`); null until then. */
let firstPath: string | null = null;

/** The app's store, for the routes' early requests (the app calls it once; tests leave it unset). */
export function provideRouteStore(store: AppStore | null): void {
  routeStore = store;
  firstPath = null;
}

/**
 * A list route's loader (issue #15): asks for the rows the URL names as soon as the route is
 * known, beside the screen's chunks and the account call, into RTK Query's cache where the screen
 * finds them. Only with a stored session still valid (an expired one is refreshed first, by the
 * auth actor); nothing is awaited but the small rows chunk, so the navigation is not held up.
 */
export async function prefetchListRows(load: LoadListRows, url: string): Promise<null> {
  if (!routeStore || isExpired(readSession(), Date.now())) return null;
  const rows = await load();
  const store = routeStore;
  if (store) prefetchQuietly(store.dispatch, rows.endpoint, rows.params(new URL(url).searchParams));
  return null;
}

/** Each list route's rows, by its path (registered by `listRoute` in src/app/guarded.tsx). */
const routeRows = new Map<string, LoadListRows>();

export function registerRouteRows(path: string, rows: LoadListRows): void {
  routeRows.set(path, rows);
}

/** Whether the app was opened on `path` (its screen is the first one drawn). */
export const openedAt = (path: string): boolean => firstPath === path;

/**
 * Opening the app on a list's URL: its rows are asked for before the router starts (src/index.tsx),
 * so that the rows' chunk is the first the browser fetches, ahead of the layout's and the screen's
 * (a browser opens six connections to the server; the chunks asked for later wait for one). The
 * route's loader then finds the request on its way.
 */
export function prefetchRowsAt(url: string): void {
  firstPath = new URL(url).pathname;
  const rows = routeRows.get(firstPath);
  if (rows) void prefetchListRows(rows, url).catch(() => undefined);
}
