import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { format } from '../../src/shared/messages';
import { SEARCH_MESSAGES } from '../../src/shared/messages/search';
import {
  SEARCH_LIMITS,
  searchAnswerWire,
  type SearchGroup,
  type SearchHit,
} from '../../src/shared/contracts/search';
import { PERMISSIONS } from '../../src/shared/permissions';
import { canIndex } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import type { Executor } from '../db/client';
import { listWhere, parseListQuery } from '../crud/list';
import { bearer, errorResponses } from '../crud/openapi';
import type { AnyResource } from '../crud/resource';
import { HttpError } from '../lib/httpError';
import { currentUser } from '../plugins/auth';
import { RESOURCES } from '../resources';

/**
 * How many matches a resource's search reads before its newest few are picked: the match comes from
 * the list's trigram index (an unordered read that stops here), so a common word costs no more than
 * this many rows, as the lists' own search does (`EXACT_COUNT_LIMIT` in crud/list.ts).
 */
const MATCHES_READ = 1000;

/** The audit log is a log, not records staff open to work on: it has its own list and search. */
const SEARCHED = (RESOURCES as readonly AnyResource[]).filter(
  (resource) => resource.search.length > 0 && resource.contract.key !== 'auditLogs',
);

function searchText(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const refuse = (message: string) => new HttpError(422, message, { q: [message] });
  if (text.length < SEARCH_LIMITS.minLength)
    throw refuse(format(SEARCH_MESSAGES.tooShort, { min: SEARCH_LIMITS.minLength }));
  if (text.length > SEARCH_LIMITS.maxLength)
    throw refuse(format(SEARCH_MESSAGES.tooLong, { max: SEARCH_LIMITS.maxLength }));
  return text;
}

/**
 * One resource's newest matches: its list's search and default filters (Spam stays out of the
 * inbox's), at most `MATCHES_READ` matches read, the newest `perGroup` (+1, to say there are more).
 */
async function searchResource(db: Executor, resource: AnyResource, text: string): Promise<SearchHit[]> {
  const { contract, table } = resource;
  const query = parseListQuery(resource, { search: text });
  const title = table[contract.titleField as keyof typeof table];
  const sortBy = resource.sort[query.sort];
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc');
  const matches = db
    .select({ id: table.id, title: sql<string>`${title}`.as('title'), sort: sql`${sortBy}`.as('sort_key') })
    .from(table)
    .where(listWhere(resource, query))
    .limit(MATCHES_READ)
    .as('matches');
  const rows = await db
    .select({ id: matches.id, title: matches.title })
    .from(matches)
    .orderBy(sql`${matches.sort} ${direction}, ${matches.id} ${direction}`)
    .limit(SEARCH_LIMITS.perGroup + 1);
  return rows.map((row) => ({ id: Number(row.id), title: String(row.title ?? '') }));
}

/** `GET /api/search?q=`: every resource the caller may read, checked here per resource. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    API_PATHS.search,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['search'],
        summary: 'Search everything the caller may read',
        description:
          `The records whose list search matches \`q\` (${SEARCH_LIMITS.minLength}–${SEARCH_LIMITS.maxLength} ` +
          `characters), grouped by resource, the newest ${SEARCH_LIMITS.perGroup} of each; only resources ` +
          'whose index permission the caller holds are searched (the others are not named). Groups without ' +
          'a match are left out. 422 on `q` when too short or too long.',
        security: bearer,
        querystring: Type.Object({ q: Type.Optional(Type.String()) }),
        response: { 200: searchAnswerWire, ...errorResponses(422) },
      },
    },
    async (request) => {
      const text = searchText((request.query as { q?: unknown }).q);
      const { permissions } = currentUser(request);
      const data: SearchGroup[] = [];
      for (const resource of SEARCHED) {
        const { contract } = resource;
        if (!canIndex(permissions, contract)) continue;
        const hits = await searchResource(app.db, resource, text);
        if (!hits.length) continue;
        data.push({
          key: contract.key,
          item: contract.item,
          route: contract.route,
          results: hits.slice(0, SEARCH_LIMITS.perGroup),
          more: hits.length > SEARCH_LIMITS.perGroup,
        });
      }
      return { data };
    },
  );
}
