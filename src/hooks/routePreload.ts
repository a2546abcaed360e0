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
