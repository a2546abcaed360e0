import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import {
  calendarMoveAnswerWire,
  calendarMoveWire,
  type CalendarItem,
  type CalendarMove,
} from '../../src/shared/contracts/calendar';
import { en, format } from '../../src/shared/messages';
import { CALENDAR_MESSAGES } from '../../src/shared/messages/calendar';
import { PERMISSIONS, hasPermission } from '../../src/shared/permissions';
import { can } from '../../src/shared/resources/resource';
import { API_PATHS } from '../../src/shared/routes';
import { bearer, errorResponses } from '../crud/openapi';
import { notFound, type AnyResource } from '../crud/resource';
import { inputOf, loadStates } from '../crud/revisions';
import { lockRecord, writeUpdate } from '../crud/update';
import type { Db } from '../db/client';
import { assertFresh } from '../lib/concurrency';
import { HttpError } from '../lib/httpError';
import { parseBody } from '../lib/validation';
import { currentUser } from '../plugins/auth';
import type { AuthUser } from '../repositories/tokens';
import { CALENDAR_RESOURCES, calendarItem } from './calendar';

const DAY = 'YYYY-MM-DD';
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, DAY).format(DAY) === value;

/** The dated resource a move names, checked: a known key (else 422) whose update key the user holds (else 403). */
function movedResource(user: AuthUser, body: CalendarMove): AnyResource {
  const resource = CALENDAR_RESOURCES.find((candidate) => candidate.contract.key === body.key);
  if (!resource) {
    const message = format(CALENDAR_MESSAGES.unknownResource, { key: body.key });
    throw new HttpError(422, message, { key: [message] });
  }
  if (!hasPermission(user.permissions, can(resource.contract, 'update')))
    throw new HttpError(403, en.unauthorized);
  if (!isDay(body.date)) {
    const message = format(CALENDAR_MESSAGES.invalidDay, { field: 'date' });
    throw new HttpError(422, message, { date: [message] });
  }
  return resource;
}

/**
 * Moves one record's go-live day to `body.date` and its end by the same number of days, through the
 * resource's own update (its schema, writers and hooks): locked, refused when stale (409), recorded
 * as an edit (its revision, `updated_by`).
 */
export async function moveRecord(db: Db, user: AuthUser, body: CalendarMove): Promise<CalendarItem> {
  const resource = movedResource(user, body);
  const { contract } = resource;
  const schema = contract.input.update!;
  await db.transaction(async (tx) => {
    const updatedAt = await lockRecord(tx, resource, body.id);
    assertFresh(updatedAt, body.updated_at, contract.item);
    const current = (await loadStates(tx, resource, [body.id])).get(body.id);
    if (!current) throw notFound();
    const { input } = inputOf(current, schema);
    const shift = dayjs(body.date).diff(dayjs(String(input.date)), 'day');
    input.date = body.date;
    if (typeof input.end_date === 'string' && input.end_date)
      input.end_date = dayjs(input.end_date).add(shift, 'day').format(DAY);
    const parsed = await parseBody<Record<string, unknown>>(schema, {
      ...input,
      updated_at: updatedAt.toISOString(),
    });
    await writeUpdate(tx, resource, body.id, parsed, { user, id: body.id });
  });
  const item = await calendarItem(db, resource, body.id);
  if (!item) throw notFound();
  return item;
}

/** `POST /api/calendar/move`: one item's new dates (the resource's update key; 409 when stale). */
export async function calendarMoveRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    API_PATHS.calendarMove,
    {
      preValidation: app.requirePermission(PERMISSIONS.any),
      schema: {
        tags: ['calendar'],
        summary: "Move a calendar item's dates",
        description:
          'Sets the go-live `date` and moves `end_date` by the same number of days, through the ' +
          "resource's update (its update permission; a stale `updated_at` → 409; recorded as an edit).",
        security: bearer,
        body: calendarMoveWire,
        response: { 200: calendarMoveAnswerWire, ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => {
      const item = await moveRecord(app.db, currentUser(request), request.body as CalendarMove);
      return { data: item, message: format(CALENDAR_MESSAGES.moved, { item: item.item }) };
    },
  );
}
