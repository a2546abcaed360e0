import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, lt, sql } from 'drizzle-orm';
import type { PermissionGroup } from '../../src/shared/permissions';
import type { AuditDetails, AuditKind } from '../../src/shared/resources/auditLogs';
import type { Db, Executor } from '../db/client';
import { auditLogs, users } from '../db/schema';
import { now } from '../lib/clock';

/**
 * The audit log's writer (API contract: History and audit). Each event is one row of `audit_logs`,
 * written where the event happens and, for a change, in the change's own transaction (so a refused
 * change leaves no entry and an entry never lacks its change). The structured `securityEvent` log
 * lines stay beside it. Never a secret: no password, hash or token is ever handed in, and the
 * details are cleaned of any key that looks like one all the same.
 */

/** Who acted: their id, and their name and e-mail as they were at the time. */
export interface AuditActor {
  id: number;
  name: string;
  email: string;
}

export interface AuditEntry {
  kind: AuditKind;
  actor?: AuditActor | null;
  /** The e-mail an actor-less entry names (a failed sign-in: the address tried). */
  email?: string;
  resource?: PermissionGroup | null;
  recordId?: number | null;
  summary: string;
  details?: AuditDetails;
}

/** The request being answered, as far as the audit log needs it (set for every request, see `auditRequestHook`). */
const requestContext = new AsyncLocalStorage<{ ip: string }>();

/**
 * A Fastify `onRequest` hook: the rest of the request runs with its address known, so an entry
 * written deep in a declaration's hook or the OAuth model still says where the request came from.
 */
export const auditRequestHook = (request: { ip: string }, _reply: unknown, done: () => void): void =>
  requestContext.run({ ip: request.ip }, done);

const SECRET_KEY = /pass|hash|token|secret/i;
const SUMMARY_MAX = 500;

/** Details without any key that could carry a secret (defence in depth: callers never pass one). */
const cleanDetails = (details: AuditDetails = {}): AuditDetails =>
  Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));

/** Appends one entry (in the caller's transaction when given one). */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    created_at: new Date(now()),
    kind: entry.kind,
    actor_id: entry.actor?.id ?? null,
    actor_name: entry.actor?.name ?? null,
    actor_email: entry.actor?.email ?? entry.email ?? null,
    ip: requestContext.getStore()?.ip ?? null,
    resource: entry.resource ?? null,
    record_id: entry.recordId ?? null,
    summary: entry.summary.slice(0, SUMMARY_MAX),
    details: cleanDetails(entry.details),
  });
}

/** A user as an actor (their current name and e-mail), or null when there is no such user. */
export async function actorById(db: Executor, id: number): Promise<AuditActor | null> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The actor of a signed-in request (`AuthUser` fits). */
export const actorOf = (user: AuditActor): AuditActor => ({
  id: user.id,
  name: user.name,
  email: user.email,
});

/** An import's entry: who imported which resource, how many rows created and updated. */
export const auditImport = (
  db: Executor,
  user: AuditActor,
  resource: PermissionGroup,
  counts: { created: number; updated: number },
): Promise<void> =>
  recordAudit(db, {
    kind: 'import',
    actor: actorOf(user),
    resource,
    summary: `Imported ${resource}: ${counts.created} created, ${counts.updated} updated`,
    details: { created: counts.created, updated: counts.updated },
  });

/**
 * Passes an export's batches through and writes its entry when the download ends: who exported
 * which resource, in what format, how many rows. A download stopped midway (the client went away)
 * is written too, with the rows sent so far and `incomplete`.
 */
export async function* auditExport<Row>(
  db: Db,
  user: AuditActor,
  resource: PermissionGroup,
  format: string,
  batches: AsyncIterable<Row[]>,
): AsyncGenerator<Row[]> {
  let rows = 0;
  let complete = false;
  try {
    for await (const batch of batches) {
      rows += batch.length;
      yield batch;
    }
    complete = true;
  } finally {
    await recordExport(db, user, resource, format, rows, complete);
  }
}

/** The entry `auditExport` writes: `rows` sent, `complete` false for a download stopped midway. */
export const recordExport = (
  db: Db,
  user: AuditActor,
  resource: PermissionGroup,
  format: string,
  rows: number,
  complete: boolean,
): Promise<void> =>
  recordAudit(db, {
    kind: 'export',
    actor: actorOf(user),
    resource,
    summary: `Exported ${resource} as ${format.toUpperCase()}: ${rows} rows${complete ? '' : ' (stopped)'}`,
    details: { format, rows, ...(complete ? {} : { incomplete: true }) },
  });

/** The fields whose values differ between two snapshots (by the names of `after`). */
export function changedFields<T extends object>(before: T, after: T): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return (Object.keys(after) as (keyof T & string)[]).filter((key) => !same(before[key], after[key]));
}

/**
 * What a declaration's `beforeUpdate` saw of a record, for its `afterWrite` in the same transaction
 * (to tell a create from an update, and to name the fields that changed).
 */
const snapshots = new WeakMap<object, Map<string, unknown>>();

export function rememberBefore(tx: object, key: string, value: unknown): void {
  let map = snapshots.get(tx);
  if (!map) snapshots.set(tx, (map = new Map()));
  map.set(key, value);
}

export function takeBefore<T>(tx: object, key: string): T | undefined {
  const map = snapshots.get(tx);
  const value = map?.get(key) as T | undefined;
  map?.delete(key);
  return value;
}

const DAY_MS = 86_400_000;

/**
 * Deletes the entries older than `retentionDays` before `at` (the app's clock): the one DELETE the
 * database's trigger lets through, because this transaction names its cut-off
 * (`audit_logs.purge_before`). `retentionDays` 0 keeps every entry. Returns how many went.
 */
export async function purgeAuditLogs(db: Db, retentionDays: number, at: number = now()): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(at - retentionDays * DAY_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('audit_logs.purge_before', ${cutoff.toISOString()}, true)`);
    const gone = await tx
      .delete(auditLogs)
      .where(lt(auditLogs.created_at, cutoff))
      .returning({ id: auditLogs.id });
    return gone.length;
  });
}
