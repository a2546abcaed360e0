import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { format } from '../../src/shared/messages';
import { PERMISSIONS } from '../../src/shared/permissions';
import {
  PRIVACY_CSV_COLUMNS,
  PRIVACY_FORMATS,
  PRIVACY_LABELS,
  privacyErasedWire,
  privacyEraseSchema,
  privacyQuerySchema,
  privacySummaryWire,
  type PrivacyFormat,
} from '../../src/shared/resources/privacy';
import { API_PATHS } from '../../src/shared/routes';
import { bearer, errorResponses, fileAnswer } from '../crud/openapi';
import { csvChunks, csvHeader, SHEET_TYPES } from '../crud/sheet';
import {
  erasePerson,
  isUserAddress,
  normalEmail,
  personData,
  personRows,
  personSummary,
} from '../inbox/privacy';
import { fieldError, HttpError } from '../lib/httpError';
import { now } from '../lib/clock';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import { actorOf, recordAudit } from '../security/audit';

const emailQuery = Type.Object({ email: Type.Optional(Type.String()) });

/** The address of `?email=` (422 on `email` when it is not one), normalised. */
async function emailOf(query: unknown): Promise<string> {
  const { email } = await parseBody(privacyQuerySchema, { email: (query as { email?: unknown }).email });
  return normalEmail(email);
}

function summaryRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.privacy,
    {
      preValidation: app.requirePermission(PERMISSIONS.privacyIndex),
      schema: {
        tags: ['privacy'],
        summary: 'How much is held on one e-mail address',
        description: '`email`: the address (compared ignoring case); not an address → 422.',
        security: bearer,
        querystring: emailQuery,
        response: { 200: Type.Object({ data: privacySummaryWire }), ...errorResponses(422) },
      },
    },
    async (request) => ({ data: await personSummary(app.db, await emailOf(request.query)) }),
  );
}

function exportRoute(app: FastifyInstance): void {
  app.get(
    API_PATHS.privacyExport,
    {
      preValidation: app.requirePermission(PERMISSIONS.privacyIndex),
      schema: {
        tags: ['privacy'],
        summary: 'Everything held on one e-mail address, as a file',
        description:
          '`format`: json (default; the messages with their replies, the subscription with its consent, ' +
          'the audit entries naming it) or csv (one line per field: record, id, field, value). Audited.',
        security: bearer,
        querystring: Type.Object({
          email: Type.Optional(Type.String()),
          format: Type.Optional(Type.String()),
        }),
        response: { 200: fileAnswer, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const email = await emailOf(request.query);
      const asked = (request.query as { format?: string }).format ?? 'json';
      if (!(PRIVACY_FORMATS as readonly string[]).includes(asked))
        throw fieldError('format', 'The format is json or csv.');
      const fileFormat = asked as PrivacyFormat;
      const user = currentUser(request);
      const at = new Date(now());
      const data = await personData(app.db, email, at);
      const rows = personRows(data);
      await recordAudit(app.db, {
        kind: 'privacy.exported',
        actor: actorOf(user),
        resource: 'privacy',
        summary: `Data held on ${email} exported as ${fileFormat.toUpperCase()}: ${data.contact_messages.length} messages, ${data.subscription ? 1 : 0} subscription, ${data.audit_entries.length} audit entries`,
        details: { format: fileFormat, rows: rows.length },
      });
      const filename = `personal-data-${at.toISOString().slice(0, 10)}.${fileFormat}`;
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      reply.header('cache-control', 'no-store');
      if (fileFormat === 'json')
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(data, null, 2));
      const keys = PRIVACY_CSV_COLUMNS.map((column) => column.key);
      return reply
        .type(SHEET_TYPES.csv)
        .send(csvHeader(PRIVACY_CSV_COLUMNS) + csvChunks(keys, rows).join(''));
    },
  );
}

function eraseRoute(app: FastifyInstance): void {
  app.delete(
    API_PATHS.privacy,
    {
      preValidation: app.requirePermission(PERMISSIONS.privacyDestroy),
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['privacy'],
        summary: 'Erase everything held on one e-mail address',
        description:
          '`email` and `confirm_email` (the same address typed again, else 422). Its contact messages are ' +
          'anonymised with their replies (and their history and trashed copies dropped), its subscription ' +
          'deleted, the audit entries naming it reduced to "Personal data erased". A staff user’s address → 409. ' +
          'Audited (counts only, not the address).',
        security: bearer,
        body: Type.Object({}, { additionalProperties: true }),
        response: {
          200: Type.Object({ data: privacyErasedWire, message: Type.String() }),
          ...errorResponses(409, 422),
        },
      },
    },
    async (request) => {
      const input = await parseBody(privacyEraseSchema, request.body);
      const email = normalEmail(input.email);
      const user = currentUser(request);
      const erased = await app.db.transaction(async (tx) => {
        if (await isUserAddress(tx, email)) throw new HttpError(409, PRIVACY_LABELS.userAddress);
        const counts = await erasePerson(tx, email);
        await recordAudit(tx, {
          kind: 'privacy.erased',
          actor: actorOf(user),
          resource: 'privacy',
          summary: `A person's data erased: ${counts.messages} messages, ${counts.replies} replies, ${counts.subscriptions} subscription, ${counts.audit} audit entries`,
          details: { ...counts },
        });
        return counts;
      });
      return { data: erased, message: format(PRIVACY_LABELS.erased, erased) };
    },
  );
}

/**
 * Setting › Privacy (issue 38): what is held on one e-mail address (`privacy.index`), its export as
 * JSON or CSV (`privacy.index`, audited), and its erasure (`privacy.destroy`, confirmed by the
 * address typed again, audited without the address). A staff user's address is not erased here.
 */
export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  summaryRoute(app);
  exportRoute(app);
  eraseRoute(app);
}
