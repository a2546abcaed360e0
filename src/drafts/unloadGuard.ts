/**
 * Whether the page may unload without the browser's "Leave site?" question. The forms ask while
 * they hold unsaved changes; at the session's end the app reloads only after every draft was
 * written, and then the question would only stand between the user and the sign-in screen.
 */
let released = false;

export const releaseUnloadGuard = (): void => {
  released = true;
};

export const unloadGuardReleased = (): boolean => released;
