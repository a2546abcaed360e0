import {
  createApi,
  defaultSerializeQueryArgs,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { en } from '../src/shared/messages';
import { BUILD_ID_HEADER } from '../src/shared/routes';
import { errorMessages } from './errorDisplay';
import { runtimeEnv } from './runtimeEnv';
import { accessToken } from './session';
import { toastShown } from './toastSlice';

/** Per-endpoint options of the base query. */
export interface ApiExtraOptions {
  /** Do not toast failures (the caller shows them its own way, e.g. the reset-token check). */
  silent?: boolean;
  /** Text shown for 'Server Error', empty entries, no body or a 404. Default: the server error text. */
  errorFallback?: string;
  /** Do not report a 401 to the auth actor (the sign-in call itself answers 401 for a bad client). */
  ignoreUnauthorized?: boolean;
  /**
   * Only these top-level entries of an error body are shown. The token endpoint answers RFC 6749
   * bodies whose `error` code is for programs, not people.
   */
  displayFields?: readonly string[];
}

/**
 * Called on a 401: reports it to the auth actor and answers, once the session dialog is done,
 * whether the same user is signed in again (then the request is sent once more).
 */
type UnauthorizedListener = (request: { saving: boolean }) => Promise<boolean>;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The auth actor subscribes here: a 401 anywhere is an event sent to it, nothing else signs out. */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

/**
 * Called on a 403 with its body: answers true when it handled the refusal (the signed-in shell: a
 * second factor the role requires, `mfa_enrolment_required`), which is then not toasted.
 */
type RefusalListener = (data: unknown) => boolean;
let refusalListener: RefusalListener | null = null;

export function onRefused(listener: RefusalListener | null): void {
  refusalListener = listener;
}

type BuildIdListener = (id: string) => void;
let buildIdListener: BuildIdListener | null = null;

/** The version check subscribes here: every answer names the build the server serves. */
export function onBuildIdSeen(listener: BuildIdListener | null): void {
  buildIdListener = listener;
}

/**
 * For calls outside the base query (file downloads): reports a 401 and answers whether the same
 * user signed in again, so the caller may send its request once more.
 */
export const sessionRestoredAfter401 = (saving = false): Promise<boolean> =>
  unauthorizedListener ? unauthorizedListener({ saving }) : Promise.resolve(false);

/**
 * Queries asked for ahead of their screen (a list's rows while its route loads, before the
 * account is known): a 401 or 403 of their first answer is neither toasted nor reported to the
 * auth actor — the screen, once drawn, asks again for a failed entry and shows its own answer (a
 * user without the permission sees No access). Other failures are shown as always.
 */
const quietQueries = new Set<string>();

/**
 * Asks for a query's data ahead of the screen that shows it, into the same cache entry (no
 * subscription: the entry lives for the cache's unused time unless the screen subscribes). An
 * entry already there or on its way is not asked again. A 401 or 403 stays quiet (see above).
 * Returns the request (`unwrap()` gives its answer).
 */
export function prefetchQuietly<Arg, Request>(
  dispatch: (action: never) => unknown,
  endpoint: {
    name: string;
    // A thunk: dispatched, it answers the running request.
    initiate: (arg: Arg, options: { subscribe: false }) => (...thunkArgs: never[]) => Request;
  },
  arg: Arg,
): Request {
  const key = defaultSerializeQueryArgs({
    endpointName: endpoint.name,
    queryArgs: arg,
    endpointDefinition: undefined as never,
  });
  quietQueries.add(key);
  const request = dispatch(endpoint.initiate(arg, { subscribe: false }) as never) as Request;
  void Promise.resolve(request).finally(() => quietQueries.delete(key));
  return request;
}

/**
 * Adds the Bearer header to every request and turns failures into the spec's error display: each
 * message a toast at the top. A 401 keeps the request waiting while the user signs in again in the
 * session dialog; it is then sent once more with the new token, so a save goes through as asked.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, givenOptions = {}) => {
  const quiet =
    api.type === 'query' && api.queryCacheKey !== undefined && quietQueries.has(api.queryCacheKey);
  const extraOptions: ApiExtraOptions = quiet ? { ...givenOptions, ignoreUnauthorized: true } : givenOptions;
  const raw = fetchBaseQuery({
    baseUrl: runtimeEnv().AUTH_HOST,
    prepareHeaders: (headers) => {
      const token = accessToken();
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      headers.set('accept', 'application/json');
      return headers;
    },
  });
  let result = await raw(args, api, extraOptions);
  const buildId = result.meta?.response?.headers.get(BUILD_ID_HEADER);
  if (buildId) buildIdListener?.(buildId);
  if (result.error?.status === 401 && !extraOptions.ignoreUnauthorized) {
    // A mutation waits to be saved: the session dialog says it will be.
    const saving = api.type === 'mutation';
    const restored = await sessionRestoredAfter401(saving);
    // No toast for a 401: the session dialog (or the sign-in screen) says what happened.
    if (!restored) return result;
    result = await raw(args, api, extraOptions);
    if (result.error?.status === 401) {
      // Retried once only; the dialog opens again for the next request.
      void unauthorizedListener?.({ saving });
      return result;
    }
  }
  if (result.error?.status === 403 && refusalListener?.(result.error.data)) return result;
  // An early request the user may not make (401, 403) says nothing; its screen decides.
  if (quiet && (result.error?.status === 401 || result.error?.status === 403)) return result;
  if (result.error && !extraOptions.silent) {
    const { status, data } = result.error;
    for (const message of errorMessages(
      status,
      data,
      extraOptions.errorFallback ?? en.serverError,
      extraOptions.displayFields,
    )) {
      api.dispatch(toastShown({ severity: 'error', message }));
    }
  }
  return result;
};

/** The one API; every resource injects its endpoints (store/<resource>Api.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Account'],
  endpoints: () => ({}),
});

/** Tags for a list and its items, so create/update/delete refresh what shows them. */
export function providesList<T extends { id: number | string }, Tag extends string>(
  items: readonly T[] | undefined,
  type: Tag,
): { type: Tag; id: number | string }[] {
  const list = { type, id: 'LIST' as const };
  return items ? [list, ...items.map(({ id }) => ({ type, id }))] : [list];
}
