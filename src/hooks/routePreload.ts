/**
 * What a route can load ahead of a visit (issue #15): its screen's chunk and, for a list, its first
 * page of rows. The routes register by path (src/app/guarded.tsx); the menu calls `preloadRoute`
 * when a pointer rests on an entry or the keyboard focuses it, so the click finds both on their way.
 */
const preloads = new Map<string, () => void>();

export function registerRoutePreload(path: string, preload: () => void): void {
  preloads.set(path, preload);
}

/** Starts loading what `path`'s screen needs; a path with nothing registered is ignored. */
export function preloadRoute(path: string | undefined): void {
  if (path) preloads.get(path)?.();
}

/** Props for a menu link: preload its route on hover or focus. */
export const preloadOn = (path: string | undefined) => ({
  onMouseEnter: () => preloadRoute(path),
  onFocus: () => preloadRoute(path),
});

/** The first screen's chunk, where the shell is drawn before it (src/app/guarded.tsx). */
let firstScreen: Promise<unknown> = Promise.resolve();

/** The first screen's chunk is loading while the shell is drawn without it. */
export function firstScreenLoading(load: Promise<unknown>): void {
  firstScreen = load.catch(() => undefined);
}

/** Settles once the first screen's chunk is there (at once when the shell did not draw before it). */
export const firstScreenLoaded = (): Promise<unknown> => firstScreen;
