import { and, gte, inArray, or } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { WEBHOOK_RESOURCES, type WebhookAction } from '../../src/shared/resources/webhooks';
import { publicPath } from '../../src/shared/routes';
import type { Executor, Tx } from '../db/client';
import type { PublicRead } from '../crud/publicRead';
import type { AnyResource } from '../crud/resource';
import { forgetSlugRedirects, keepSlugRedirects } from '../crud/slugRedirects';
import { addDays, dayIn, startOfDayIn } from '../../src/shared/zonedDays';
import { companyZone, now as clockNow } from '../lib/clock';

/**
 * What the website hears of a write (`server/crud/write.ts` calls `watchChanges` around every
 * write of a record): `<group>.created` / `updated` / `deleted` per record, and `published` /
 * `unpublished` when the write changed whether the public API shows it (by the declaration's own
 * `publicRead.published` rule, read in the write's transaction before and after). For content with
 * `publicRead.dates`, the next moment the item goes live or ends is scheduled as a job under the
 * record's key (moved by every later write: `JobQueue.schedule`), so a news item dated tomorrow is
 * `published` at tomorrow's start, though nobody writes anything then.
 *
 * The sink (the webhooks plugin) turns events into deliveries in the same transaction: a write
 * rolled back delivers nothing. Without a sink (no app, a script) nothing is delivered. A kind with a
 * public slug also keeps the redirects of its changed slugs here, sink or none.
 */

/** The event's data: the record, and where the public API serves it. */
export interface ChangeData {
  resource: string;
  id: number;
  slug?: string;
  /** The slug it had before the write, when the write changed it. */
  previous_slug?: string;
  /** The public API's path of the record (when it has a slug). */
  path?: string;
}

export interface ChangeEvent {
  type: string;
  data: ChangeData;
}

export interface ChangeSink {
  /** The app's clock (`buildApp(config, {now})`): what `published` is judged at. */
  now: () => Date;
  /** Queues the events' deliveries in `tx`. */
  emit: (tx: Tx, events: ChangeEvent[]) => Promise<void>;
  /** Schedules (or, with `at` null, calls off) the record's next go-live or end. */
  scheduleTransition: (tx: Tx, group: string, id: number, next: Transition | null) => Promise<void>;
}

let sink: ChangeSink | null = null;

/** Sets the app's sink (the webhooks plugin, at registration); answers a function that unsets it. */
export function setChangeSink(next: ChangeSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

const hasPublicRead = (resource: AnyResource): resource is AnyResource & { publicRead: PublicRead } =>
  Boolean((resource as { publicRead?: PublicRead }).publicRead);

const watched = (resource: AnyResource): resource is AnyResource & { publicRead: PublicRead } =>
  (WEBHOOK_RESOURCES as readonly string[]).includes(resource.contract.group) && hasPublicRead(resource);

/** A kind the public API reads by slug: its slug changes leave redirects (`server/crud/slugRedirects.ts`). */
const hasPublicSlug = (resource: AnyResource): boolean =>
  Boolean((resource as { publicRead?: PublicRead }).publicRead?.slug);

interface RowState {
  slug?: string;
  published: boolean;
}

/** Each record's slug and whether the public API shows it, read in the transaction. */
async function statesOf(
  db: Executor,
  resource: AnyResource & { publicRead: PublicRead },
  ids: readonly number[],
  now: Date,
  zone: string = companyZone(),
): Promise<Map<number, RowState>> {
  const states = new Map<number, RowState>();
  if (!ids.length) return states;
  const { table, publicRead } = resource;
  const slugCol = publicRead.slug;
  const rows = (await db
    .select({
      id: table.id,
      ...(slugCol ? { slug: slugCol } : {}),
    })
    .from(table)
    .where(inArray(table.id, [...ids]))) as { id: number; slug?: string }[];
  // The rule may name joined tables (a product's brand and category): read it through the declaration's select.
  const published = new Set(
    (
      (await resource
        .select(db)
        .where(and(inArray(table.id, [...ids]), publicRead.published(now, zone)))) as {
        id: number;
      }[]
    ).map((row) => Number(row.id)),
  );
  for (const row of rows)
    states.set(Number(row.id), { slug: row.slug ?? undefined, published: published.has(Number(row.id)) });
  return states;
}

/**
 * When the record's public state next changes by the clock alone: the start of its start day if
 * that is to come, else the start of the day after its end day if that is to come; null when
 * neither. A day starts at midnight in `zone`, the company's time zone (the publishing rule's day).
 */
export function nextTransition(
  start: string | null,
  end: string | null,
  now: Date,
  zone: string = companyZone(),
): Transition | null {
  if (start && startOfDayIn(start, zone) > now) return { at: startOfDayIn(start, zone), expect: 'published' };
  const after = end ? startOfDayIn(addDays(end, 1), zone) : null;
  if (after && after > now) return { at: after, expect: 'unpublished' };
  return null;
}

/** A moment the clock alone changes what the website shows, and what it becomes then. */
export interface Transition {
  at: Date;
  expect: 'published' | 'unpublished';
}

async function scheduleTransitions(
  tx: Tx,
  active: ChangeSink,
  resource: AnyResource & { publicRead: PublicRead },
  ids: readonly number[],
  deleted: boolean,
  zone: string = companyZone(),
): Promise<void> {
  const dates = resource.publicRead.dates;
  if (!dates || !ids.length) return;
  const group = resource.contract.group;
  if (deleted) {
    for (const id of ids) await active.scheduleTransition(tx, group, id, null);
    return;
  }
  const { table } = resource;
  const endCol: PgColumn | undefined = dates.end;
  const rows = (await tx
    .select({
      id: table.id,
      start: dates.start,
      ...(endCol ? { end: endCol } : {}),
    })
    .from(table)
    .where(inArray(table.id, [...ids]))) as { id: number; start: string | null; end?: string | null }[];
  const now = active.now();
  for (const row of rows)
    await active.scheduleTransition(
      tx,
      group,
      Number(row.id),
      nextTransition(row.start, row.end ?? null, now, zone),
    );
}

export interface Watch {
  /** After the write (in its transaction): the events, and the next transitions scheduled. */
  done(action: Exclude<WebhookAction, 'published' | 'unpublished'>, ids: readonly number[]): Promise<void>;
}

/**
 * Reads what the website sees of `ids` before a write (none for a create), so `done` can tell
 * what the write changed. Null when nothing listens and the kind has no public slug (whose
 * redirects `done` keeps: `server/crud/slugRedirects.ts`), or the website does not read the kind.
 */
export async function watchChanges(
  tx: Tx,
  resource: AnyResource,
  ids: readonly number[] = [],
): Promise<Watch | null> {
  const active = watched(resource) ? sink : null;
  // A kind with a public slug keeps its old slugs' redirects whether or not anything listens.
  const redirects = hasPublicSlug(resource);
  if (!(active || redirects) || !hasPublicRead(resource)) return null;
  const now = active?.now() ?? new Date(clockNow());
  const before = await statesOf(tx, resource, ids, now);
  return {
    async done(action, written) {
      const after =
        action === 'deleted' ? new Map<number, RowState>() : await statesOf(tx, resource, written, now);
      const group = resource.contract.group;
      if (redirects && action === 'deleted') await forgetSlugRedirects(tx, group, written);
      else if (redirects)
        await keepSlugRedirects(
          tx,
          group,
          written.map((id) => ({ id, from: before.get(id)?.slug, to: after.get(id)?.slug })),
        );
      if (!active) return;
      const events: ChangeEvent[] = [];
      for (const id of written) {
        const was = before.get(id);
        const is = after.get(id);
        const slug = is?.slug ?? was?.slug;
        const data: ChangeData = {
          resource: group,
          id,
          ...(slug ? { slug, path: `${publicPath(group)}/${slug}` } : {}),
          ...(was?.slug && is?.slug && was.slug !== is.slug ? { previous_slug: was.slug } : {}),
        };
        events.push({ type: `${group}.${action}`, data });
        if (!was?.published && is?.published) events.push({ type: `${group}.published`, data });
        if (was?.published && !is?.published) events.push({ type: `${group}.unpublished`, data });
      }
      await active.emit(tx, events);
      await scheduleTransitions(tx, active, resource, written, action === 'deleted');
    },
  };
}

/**
 * The scheduled transition's run: the event when the record is now shown (or hidden) as the job
 * expected, and the record's next transition. Used by the webhooks plugin's transition job.
 */
export async function transitionEvents(
  db: Tx,
  resource: AnyResource,
  id: number,
  expect: Transition['expect'],
  now: Date,
): Promise<{ events: ChangeEvent[]; next: Transition | null }> {
  if (!watched(resource)) return { events: [], next: null };
  const state = (await statesOf(db, resource, [id], now)).get(id);
  if (!state) return { events: [], next: null };
  const group = resource.contract.group;
  const data: ChangeData = {
    resource: group,
    id,
    ...(state.slug ? { slug: state.slug, path: `${publicPath(group)}/${state.slug}` } : {}),
  };
  const dates = resource.publicRead.dates;
  let next: Transition | null = null;
  if (dates) {
    const { table } = resource;
    const [row] = (await db
      .select({ start: dates.start, ...(dates.end ? { end: dates.end } : {}) })
      .from(table)
      .where(inArray(table.id, [id]))) as { start: string | null; end?: string | null }[];
    if (row) next = nextTransition(row.start, row.end ?? null, now);
  }
  // A draft whose day came is still not shown: nothing to tell.
  const happened = state.published === (expect === 'published');
  return { events: happened ? [{ type: `${group}.${expect}`, data }] : [], next };
}

/** An event that is no record's write (a contact message received, a subscriber added), queued in `tx`. */
export async function emitEvent(tx: Tx, type: string, data: Record<string, unknown>): Promise<void> {
  await sink?.emit(tx, [{ type, data: data as unknown as ChangeData }]);
}

/**
 * The company's time zone changes from `from` to `to` (Setting › Company, in `tx`): a day now
 * starts at another instant, so each dated record near today is judged again. A record the new
 * zone shows (or hides) where the old one did not is `published` (`unpublished`) at once, as an
 * edit that makes an item live would be; every record with a day still to come has its pending
 * transition moved to that day's start in the new zone. Records dated long before today (both
 * dates more than a day before today in either zone) change by neither zone: left alone.
 */
export async function rezoneTransitions(
  tx: Tx,
  resources: readonly AnyResource[],
  from: string,
  to: string,
): Promise<void> {
  const active = sink;
  if (!active || from === to) return;
  const now = active.now();
  const earliest = addDays([dayIn(now.getTime(), from), dayIn(now.getTime(), to)].sort()[0], -1);
  for (const resource of resources) {
    if (!watched(resource) || !resource.publicRead.dates) continue;
    const { start, end } = resource.publicRead.dates;
    const rows = (await tx
      .select({ id: resource.table.id })
      .from(resource.table)
      .where(or(gte(start, earliest), end ? gte(end, earliest) : undefined))) as { id: number }[];
    const ids = rows.map((row) => Number(row.id));
    if (!ids.length) continue;
    const before = await statesOf(tx, resource, ids, now, from);
    const after = await statesOf(tx, resource, ids, now, to);
    const group = resource.contract.group;
    const events: ChangeEvent[] = [];
    for (const id of ids) {
      const was = before.get(id)?.published;
      const is = after.get(id);
      if (!is || was === is.published) continue;
      const data: ChangeData = {
        resource: group,
        id,
        ...(is.slug ? { slug: is.slug, path: `${publicPath(group)}/${is.slug}` } : {}),
      };
      events.push({ type: `${group}.${is.published ? 'published' : 'unpublished'}`, data });
    }
    await active.emit(tx, events);
    await scheduleTransitions(tx, active, resource, ids, false, to);
  }
}
