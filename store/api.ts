import {
  createApi,
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

type UnauthorizedListener = () => void;
let unauthorizedListener: UnauthorizedListener | null = null;

/** The auth actor subscribes here: a 401 anywhere is an event sent to it, nothing else signs out. */
export function onUnauthorized(listener: UnauthorizedListener | null): void {
  unauthorizedListener = listener;
}

type BuildIdListener = (id: string) => void;
let buildIdListener: BuildIdListener | null = null;

/** The version check subscribes here: every answer names the build the server serves. */
export function onBuildIdSeen(listener: BuildIdListener | null): void {
  buildIdListener = listener;
}

/**
 * Adds the Bearer header to every request and turns failures into the spec's error display: each
 * message a toast at the top.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  ApiExtraOptions
> = async (args, api, extraOptions = {}) => {
  const raw = fetchBaseQuery({
    baseUrl: runtimeEnv().AUTH_HOST,
    prepareHeaders: (headers) => {
      const token = accessToken();
      if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
      headers.set('accept', 'application/json');
      return headers;
    },
  });
  const result = await raw(args, api, extraOptions);
  const buildId = result.meta?.response?.headers.get(BUILD_ID_HEADER);
  if (buildId) buildIdListener?.(buildId);
  if (result.error) {
    const { status, data } = result.error;
    if (status === 401 && !extraOptions.ignoreUnauthorized) unauthorizedListener?.();
    if (!extraOptions.silent && !(status === 401 && !extraOptions.ignoreUnauthorized)) {
      for (const message of errorMessages(
        typeof status === 'number' ? status : undefined,
        data,
        extraOptions.errorFallback ?? en.serverError,
        extraOptions.displayFields,
      )) {
        api.dispatch(toastShown({ severity: 'error', message }));
      }
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
