import { Type } from '@sinclair/typebox';
import {
  filterParams,
  optionKey,
  type FilterSpec,
  type ResourceContract,
} from '../../src/shared/resources/resource';
import { MessageSchema, ValidationErrorSchema } from '../../src/shared/resources/wire';
import { authErrors } from '../routes/schemas';

export { bearer } from '../routes/schemas';

/**
 * The OpenAPI parts of the resource routes (published at /api/docs). Request bodies and list
 * queries are validated by the shared Yup schemas and list-query parser, so these only document.
 */

/** The error answers of a Bearer route, plus the given statuses in the contract's shapes. */
export const errorResponses = (...statuses: (404 | 409 | 413 | 422)[]) => ({
  ...authErrors,
  ...Object.fromEntries(
    statuses.map((status) => [status, status === 422 ? ValidationErrorSchema : MessageSchema]),
  ),
});

/**
 * The error answers of a public route (/public/v1): a website key or preview token refused (401,
 * 403) in the plain message shape, never a signed-in user's refusal codes; plus the given statuses.
 */
export const publicErrorResponses = (...statuses: (404 | 409 | 413 | 422)[]) => ({
  ...errorResponses(...statuses),
  401: MessageSchema,
  403: MessageSchema,
});

export const idParams = Type.Object({ id: Type.String({ description: 'The item id' }) });

const text = (description: string) => Type.Optional(Type.String({ description }));

function filterDoc(name: string, filter: FilterSpec, dateField: string | undefined) {
  switch (filter.kind) {
    case 'ids':
      return {
        [name]: text(`${filter.label}: comma-separated ids (GET /api/${filter.source.group}/options)`),
      };
    case 'enum':
      return {
        [name]: text(
          `${filter.label}: comma-separated, of ${filter.options.map((option) => `${optionKey(option)} (${option.label})`).join(', ')}` +
            (filter.whenUnset ? `; unset: ${filter.whenUnset.join(',')}` : ''),
        ),
      };
    case 'boolean':
      return { [name]: text(`${filter.label}: 1 or 0`) };
    case 'dateRange': {
      const [from, to] = filterParams(name, filter);
      return {
        [from]: text(`YYYY-MM-DD: ${dateField} on or after`),
        [to]: text(`YYYY-MM-DD: ${dateField} on or before`),
      };
    }
  }
}

/** The list query: paging, sort, search and the contract's filters, each described by its kind. */
export function listQueryDoc(
  contract: ResourceContract,
  extra: Record<string, ReturnType<typeof text>> = {},
) {
  return Type.Object({
    page: text('Page number, from 1 (default 1)'),
    per_page: text('10, 20, 50 or 100 (default 10)'),
    sort: text(`One of: ${contract.sortable.join(', ')} (default ${contract.defaultSort.sort})`),
    order: text(`asc or desc (default ${contract.defaultSort.order})`),
    search: text('Free text, matched anywhere in the text columns (case-insensitive)'),
    ...Object.assign(
      {},
      ...Object.entries(contract.filters).map(([name, filter]) =>
        filterDoc(name, filter, contract.dateField),
      ),
    ),
    ...extra,
  });
}

export const formatQueryDoc = { format: text('csv (default) or xlsx') };

export const fileAnswer = { description: 'The file', type: 'string', format: 'binary' } as const;
