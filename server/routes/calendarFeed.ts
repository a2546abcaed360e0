import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import ical from 'ical-generator';
import { Type } from '@sinclair/typebox';
import {
  CALENDAR_FEED_MONTHS,
  calendarFeedCreatedWire,
  calendarFeedWire,
  type CalendarFeed,
  type CalendarItem,
} from '../../src/shared/contracts/calendar';
import { format } from '../../src/shared/messages';
import { CALENDAR_MESSAGES } from '../../src/shared/messages/calendar';
import { PERMISSIONS } from '../../src/shared/permissions';
import { PUBLISH_STATE_LABELS } from '../../src/shared/resources/publishing';
import { canIndex } from '../../src/shared/resources/resource';
import { API_PATHS, itemPath } from '../../src/shared/routes';
import type { Config } from '../config';
import { bearer, errorResponses } from '../crud/openapi';
import { notFound } from '../crud/resource';
import type { Db } from '../db/client';
import { calendarFeeds } from '../db/schema/calendarFeeds';
import { today } from '../lib/clock';
import { randomToken, sha256 } from '../lib/crypto';
import { currentUser } from '../plugins/auth';
import { findUserById } from '../repositories/users';
import { CALENDAR_RESOURCES, calendarItems } from './calendar';

const FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
const feedDoc = { 200: Type.Object({ data: calendarFeedWire }) };

async function feedOf(db: Db, userId: number): Promise<CalendarFeed> {
  const [row] = await db
    .select({ created_at: calendarFeeds.created_at })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.user_id, userId));
  return { active: Boolean(row), created_at: row ? row.created_at.toISOString() : null };
}

/** The items an active user may read now, from CALENDAR_FEED_MONTHS back to ahead of today. */
async function feedItems(db: Db, userId: number): Promise<CalendarItem[] | null> {
  const user = await findUserById(db, userId);
  if (!user || user.status !== 1) return null;
  const day = dayjs(today());
  const from = day.subtract(CALENDAR_FEED_MONTHS.back, 'month').format('YYYY-MM-DD');
  const to = day.add(CALENDAR_FEED_MONTHS.ahead, 'month').format('YYYY-MM-DD');
  const items: CalendarItem[] = [];
  for (const resource of CALENDAR_RESOURCES)
    if (canIndex(user.permissions, resource.contract))
      items.push(...(await calendarItems(db, resource, from, to)));
  return items;
}

/** The items as an iCal calendar: one all-day event per item, from its go-live day through its last day. */
function icsOf(items: readonly CalendarItem[], config: Config, host: string): string {
  const calendar = ical({ name: format(CALENDAR_MESSAGES.feedName, { company: host }) });
  for (const item of items) {
    const last = item.end_date ?? item.date;
    calendar.createEvent({
      id: `${item.key}-${item.id}@${host}`,
      allDay: true,
      start: new Date(`${item.date}T00:00:00Z`),
      end: dayjs(last).add(1, 'day').toDate(),
      summary: `${item.title} (${item.item}, ${PUBLISH_STATE_LABELS[item.publish_state]})`,
      url: `${config.publicUrl}${itemPath(item.route, item.id)}`,
    });
  }
  return calendar.toString();
}

/** Answers the feed of `file` (`<token>.ics`): 404 for a malformed, unknown or revoked token. */
async function sendFeed(app: FastifyInstance, config: Config, request: FastifyRequest, reply: FastifyReply) {
  const match = FILE.exec((request.params as { file: string }).file);
  const [feed] = match
    ? await app.db
        .select({ user_id: calendarFeeds.user_id })
        .from(calendarFeeds)
        .where(eq(calendarFeeds.token_hash, sha256(match[1])))
    : [];
  const items = feed ? await feedItems(app.db, feed.user_id) : null;
  if (!items) throw notFound();
  const host = new URL(config.publicUrl).host;
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(icsOf(items, config, host));
}

/**
 * The caller's iCal feed (issue 39): GET says whether one exists, POST makes a new secret address
 * (shown once; only its sha256 is kept; any older address stops working), DELETE revokes it. The
 * feed (`GET /api/calendar/feed/<token>.ics`, no sign-in, limited per address) is drawn with the
 * owner's permissions when it is read.
 */
export async function calendarFeedRoutes(
  app: FastifyInstance,
  { config }: { config: Config },
): Promise<void> {
  const limit = app.limiter('calendar-feed', config.rateLimit.publicReadPerIp);
  const signedIn = { preValidation: app.requirePermission(PERMISSIONS.any) };
  const doc = (summary: string) => ({ tags: ['calendar'], summary, security: bearer });
  app.get(
    API_PATHS.calendarFeed,
    { ...signedIn, schema: { ...doc('Your calendar feed'), response: feedDoc } },
    async (request) => ({
      data: await feedOf(app.db, currentUser(request).id),
    }),
  );
  app.post(
    API_PATHS.calendarFeed,
    {
      ...signedIn,
      schema: { ...doc('Make a new calendar feed address'), response: { 201: calendarFeedCreatedWire } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const token = randomToken();
      await app.db.transaction(async (tx) => {
        await tx.delete(calendarFeeds).where(eq(calendarFeeds.user_id, userId));
        await tx.insert(calendarFeeds).values({ user_id: userId, token_hash: sha256(token) });
      });
      const url = `${config.publicUrl}${API_PATHS.calendarFeed}/${token}.ics`;
      const data = { ...(await feedOf(app.db, userId)), url };
      return reply.code(201).send({ data, message: CALENDAR_MESSAGES.feedCreated });
    },
  );
  app.delete(
    API_PATHS.calendarFeed,
    { ...signedIn, schema: doc('Revoke your calendar feed') },
    async (request) => {
      await app.db.delete(calendarFeeds).where(eq(calendarFeeds.user_id, currentUser(request).id));
      return { message: CALENDAR_MESSAGES.feedRevoked };
    },
  );
  app.get(
    API_PATHS.calendarFeedFile,
    {
      preHandler: async (request) => limit.hit(request),
      schema: {
        tags: ['calendar'],
        summary: 'A calendar feed (iCal)',
        description: `The owner's readable items, ${CALENDAR_FEED_MONTHS.back} months back to ${CALENDAR_FEED_MONTHS.ahead} ahead; 404 when the token is unknown or revoked.`,
        params: { type: 'object', properties: { file: { type: 'string' } } },
        response: errorResponses(404),
      },
    },
    async (request, reply) => sendFeed(app, config, request, reply),
  );
}
