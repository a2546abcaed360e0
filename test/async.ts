/** Test helpers for what settles later: promises held open on purpose, and the next macrotask. */

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** A promise the test settles when it wants, to observe the state while a request is in flight. */
export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises deliver their results to the actors. */
export const flush = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
