import type { EndpointBuilder } from '@reduxjs/toolkit/query';
import type { Static, TSchema } from '@sinclair/typebox';
import type * as yup from 'yup';
import {
  apiPath,
  bulkDeletePath,
  compactParams,
  optionsPath,
  type CreateOf,
  type ItemOf,
  type ListParams,
  type ListResponse,
  type OptionItem,
  type OptionsResponse,
  type OptionsSource,
  type ResourceContract,
  type UpdateOf,
  type WriteResponse,
} from '../src/shared/resources/resource';
import { api, providesList, sessionRestoredAfter401, type baseQuery } from './api';
import { runtimeEnv } from './runtimeEnv';
import { accessToken } from './session';

/** The endpoint builder of the one API, with the tag types a slice added (`enhanceEndpoints`). */
export type ApiBuilder<Tag extends string> = EndpointBuilder<typeof baseQuery, Tag, 'api'>;

/** The body of an update: the fields plus the item's id (sent in the path, not the body). */
export type UpdateArg<UpdateInput> = UpdateInput & { id: number };

/**
 * What an import answers: counts of created and updated items (and of matched ones the file left as
 * they were), the success text, and the import's id (for Undo: `POST /api/{group}/imports/{importId}/undo`).
 */
export type ImportResponse = WriteResponse<{
  created: number;
  updated: number;
  unchanged?: number;
  import_id?: string | null;
}> & {
  import_id?: string | null;
};

export type ExportFormat = 'csv' | 'xlsx';

/** The cache id of a resource's options; only its own writes change them (not related ones). */
const OPTIONS = 'OPTIONS' as const;

/** What any write of a resource makes stale: its lists and its options. */
const listAndOptions = <Tag extends string>(type: Tag) => [
  { type, id: 'LIST' as const },
  { type, id: OPTIONS },
];

export const itemAndList = <Tag extends string>(type: Tag, id: number) => [
  { type, id },
  ...listAndOptions(type),
];

const listsOf = <Tag extends string>(types: readonly Tag[]) =>
  types.map((type) => ({ type, id: 'LIST' as const }));

/**
 * The five endpoints every resource has (API contract: Resources): list, get, create, update and
 * remove, with list/item cache tags from the contract's tag, typed by the contract (its item, create
 * and update bodies: no type is given by hand). A slice names them explicitly:
 * `listUsers: users.list`. The tag must be one the slice added with `enhanceEndpoints`.
 * `related` names other resources whose lists show this one's items (a product row shows its
 * brand's name; a brand row counts its products): a successful write refreshes those lists too.
 */
export function resourceEndpoints<
  Tag extends string,
  C extends ResourceContract & { tag: Tag },
  // The item, the create body and the update body: the contract's wire and input schemas.
  T extends { id: number } = ItemOf<C> & { id: number },
  CreateInput = CreateOf<C>,
  UpdateInput = UpdateOf<C>,
>(build: ApiBuilder<Tag>, contract: C, related: readonly Tag[] = []) {
  const base = apiPath(contract);
  const tag = contract.tag;
  return {
    list: build.query<ListResponse<T>, ListParams>({
      query: (params) => ({ url: base, params: compactParams(params) }),
      providesTags: (result) => providesList(result?.data, tag),
    }),
    get: build.query<T, number>({
      query: (id) => `${base}/${id}`,
      transformResponse: (response: { data: T }) => response.data,
      providesTags: (_result, _error, id) => [{ type: tag, id }],
      // The form page shows a failed load itself: a 404 as the not-found screen, others in place.
      extraOptions: { silent: true },
    }),
    create: build.mutation<WriteResponse<T>, CreateInput>({
      query: (body) => ({ url: base, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...listAndOptions(tag), ...listsOf(related)] : []),
    }),
    update: build.mutation<WriteResponse<T>, UpdateArg<UpdateInput>>({
      query: ({ id, ...body }) => ({ url: `${base}/${id}`, method: 'PUT', body }),
      // Only a write that happened refreshes: after a 409 the form keeps the user's edits until they reload.
      invalidatesTags: (result, _error, { id }) =>
        result ? [...itemAndList(tag, id), ...listsOf(related)] : [],
    }),
    remove: build.mutation<WriteResponse<T>, number>({
      query: (id) => ({ url: `${base}/${id}`, method: 'DELETE' }),
      invalidatesTags: (result, _error, id) => (result ? [...itemAndList(tag, id), ...listsOf(related)] : []),
    }),
  };
}

/** What the import endpoint sends: the file, and `dryRun` to check it only (nothing stored). */
export interface ImportRequest {
  file: File;
  dryRun?: boolean;
}

/**
 * `POST /api/{group}/import` with the multipart field `file` (`?dry_run=true` for a check, which
 * stores nothing and so refreshes nothing). Silent: the import dialog shows every failure itself (a
 * 422's row errors as a list), so the base query does not toast them as well.
 */
export function importEndpoint<Tag extends string>(
  build: ApiBuilder<Tag>,
  contract: ResourceContract & { tag: Tag },
  related: readonly Tag[] = [],
) {
  return build.mutation<ImportResponse, ImportRequest>({
    query: ({ file, dryRun }) => {
      const body = new FormData();
      body.append('file', file);
      const query = dryRun ? '?dry_run=true' : '';
      return { url: `${apiPath(contract)}/import${query}`, method: 'POST', body };
    },
    invalidatesTags: (result, _error, { dryRun }) =>
      result && !dryRun ? [...listAndOptions(contract.tag), ...listsOf(related)] : [],
    extraOptions: { silent: true },
  });
}

/** The options of several resources at once (`group` → every item), as one list page's filters need them. */
export type OptionsByGroup = Record<string, OptionItem[]>;

/**
 * `GET /api/<group>/options` of each source (a contract with `options`): every item as
 * `{id, name, status?}`, by name, for the selects and list filters of other resources. One query for
 * the sources a page needs, so a list's filters wait on one request. Any write of a source resource
 * (create, update, delete, import) refreshes it; writes of related resources do not.
 */
export const optionsApi = api.enhanceEndpoints<string>({}).injectEndpoints({
  endpoints: (build) => ({
    listOptions: build.query<OptionsByGroup, readonly Pick<OptionsSource, 'group' | 'tag'>[]>({
      queryFn: async (sources, _api, _extra, fetch) => {
        const data: OptionsByGroup = {};
        for (const source of sources) {
          const result = await fetch(optionsPath(source));
          if (result.error) return { error: result.error };
          data[source.group] = (result.data as OptionsResponse).data;
        }
        return { data };
      },
      providesTags: (_result, _error, sources) => sources.map(({ tag }) => ({ type: tag, id: OPTIONS })),
    }),
  }),
});

/**
 * RTK Query checks in development that a tag is declared; a source's tag is declared by its own
 * slice, which a page showing only its options may not have loaded. Idempotent.
 */
const declared = new Set<string>();
export const declareTags = (tags: readonly string[]): void => {
  const fresh = tags.filter((tag) => !declared.has(tag));
  if (!fresh.length) return;
  for (const tag of fresh) declared.add(tag);
  api.enhanceEndpoints({ addTagTypes: fresh });
};

export const { useListOptionsQuery } = optionsApi;

/** The export's path and query: the list's filters and sort, without paging. */
export function exportUrl(
  contract: Pick<ResourceContract, 'group'>,
  params: ListParams,
  format: ExportFormat,
): string {
  const { page: _page, per_page: _perPage, ...filters } = params;
  const query = new URLSearchParams(
    Object.entries(compactParams({ ...filters, format })).map(([key, value]) => [key, String(value)]),
  );
  return `${apiPath(contract)}/export?${query.toString()}`;
}

/** A failed download, shaped like an RTK Query error so the error display reads it. */
export interface DownloadError {
  status: number;
  data: unknown;
}

const filenamePattern = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The name the server gave the file (Content-Disposition), else `<group>.<format>`. */
export function downloadFilename(disposition: string | null, fallback: string): string {
  const match = disposition ? filenamePattern.exec(disposition) : null;
  return match ? decodeURIComponent(match[1]) : fallback;
}

/** How far a download has got: bytes received, rows (of a CSV) and the total the server announced. */
export interface DownloadProgress {
  bytes: number;
  /** Rows received so far (CSV; null for XLSX, whose rows cannot be counted as it arrives). */
  rows: number | null;
  /** `X-Total-Count` of an export: the rows it will write (estimated when `estimated`), or null. */
  total: number | null;
  estimated: boolean;
}

export interface DownloadOptions {
  /** Aborting stops the download (the server stops reading at once); the promise rejects. */
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

/**
 * Counts the CSV records ending in the chunks it is given (line breaks outside quoted cells; a
 * quoted cell may hold line breaks, and `""` inside it toggles twice).
 */
export function csvRecordCounter(): (chunk: Uint8Array) => number {
  let quoted = false;
  let records = 0;
  return (chunk) => {
    for (const byte of chunk) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) records++;
    }
    return records;
  };
}

/**
 * Downloads `path` (under the API host) with the Bearer header (a plain link cannot carry it) and
 * saves the file under the server's name, else `fallbackName`. Throws a `DownloadError` when the
 * server refuses; the caller shows it. The body is read chunk by chunk, reporting progress.
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: DownloadOptions = {},
): Promise<string> {
  const request = () => {
    const token = accessToken();
    return fetch(`${runtimeEnv().AUTH_HOST}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: options.signal,
    });
  };
  let response = await request();
  // Like every API call: a 401 waits for the session dialog and is sent once more after it.
  if (response.status === 401 && (await sessionRestoredAfter401())) response = await request();
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text || undefined;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // A non-JSON body is shown as text.
    }
    throw { status: response.status, data } satisfies DownloadError;
  }
  const filename = downloadFilename(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await readBody(response, filename.endsWith('.csv'), options), filename);
  return filename;
}

/** The response's body as a blob, read as it arrives and reported to `onProgress`. */
async function readBody(response: Response, csv: boolean, { onProgress }: DownloadOptions): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const announced = response.headers.get('x-total-count');
  const total = announced === null || announced === '' ? null : Number(announced);
  const estimated = response.headers.get('x-total-estimated') === 'true';
  const count = csv ? csvRecordCounter() : null;
  const parts: Uint8Array[] = [];
  let bytes = 0;
  let rows: number | null = csv ? 0 : null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    // The header row is a record too.
    if (count) rows = Math.max(0, count(value) - 1);
    onProgress({ bytes, rows, total, estimated });
  }
  return new Blob(parts as BlobPart[], { type });
}

/** Downloads the export of the list as filtered and sorted (see `exportUrl`), with progress and cancel. */
export function downloadExport(
  contract: Pick<ResourceContract, 'group'>,
  params: ListParams,
  format: ExportFormat,
  options?: DownloadOptions,
): Promise<string> {
  return downloadFile(exportUrl(contract, params, format), `${contract.group}.${format}`, options);
}

/** `GET /api/{group}/import-template?format=…`: an empty sheet with the import's columns. */
const importTemplateUrl = (contract: Pick<ResourceContract, 'group'>, format: ExportFormat): string =>
  `${apiPath(contract)}/import-template?format=${format}`;

/** Downloads the import template of a resource. */
export function downloadImportTemplate(
  contract: Pick<ResourceContract, 'group'>,
  format: ExportFormat,
): Promise<string> {
  return downloadFile(importTemplateUrl(contract, format), `${contract.group}-template.${format}`);
}

/** Hands a blob to the browser as a download. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * `POST /api/{group}/bulk-delete` `{ids}` (contracts with `bulkDelete`): the selected rows of a list.
 * A successful one refreshes the resource's lists, options and items.
 */
export function bulkDeleteEndpoint<Tag extends string>(
  build: ApiBuilder<Tag>,
  contract: ResourceContract & { tag: Tag },
) {
  return build.mutation<WriteResponse<{ count: number }>, number[]>({
    query: (ids) => ({ url: bulkDeletePath(contract), method: 'POST', body: { ids } }),
    invalidatesTags: (result) => (result ? [{ type: contract.tag }, ...listAndOptions(contract.tag)] : []),
  });
}

/** A one-record settings contract (the company, the inbox): its path, cache tag, wire and input schemas. */
export interface SettingsContract<Tag extends string> {
  path: string;
  tag: Tag;
  wire: TSchema;
  input: yup.AnyObjectSchema;
}

/**
 * The read and the save of a one-record settings resource (`GET` and `PUT` on its path), typed by
 * its contract: the item is the wire schema's type, the body the input schema's (no type by hand).
 */
export function settingsEndpoints<Tag extends string, C extends SettingsContract<Tag>>(
  build: ApiBuilder<Tag>,
  contract: C,
) {
  type Item = Static<C['wire']>;
  return {
    get: build.query<Item, void>({
      query: () => contract.path,
      transformResponse: (response: { data: Item }) => response.data,
      providesTags: [contract.tag],
    }),
    update: build.mutation<WriteResponse<Item>, yup.InferType<C['input']>>({
      query: (body) => ({ url: contract.path, method: 'PUT', body }),
      invalidatesTags: [contract.tag],
    }),
  };
}
