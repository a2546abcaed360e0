import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AnyObjectSchema } from 'yup';
import type { FieldChange, RevisionAction, RevisionChanges } from '../../src/shared/resources/history';
import type { Executor, Tx } from '../db/client';
import { revisions } from '../db/schema/revisions';
import { now } from '../lib/clock';
import type { WriteContext } from './define';
import type { AnyResource } from './resource';
import { flatRows } from './rows';

/**
 * Record history (docs/history-and-audit.md): what a revision keeps of a record, and how a past state is
 * rebuilt from them. A record's state is its wire item (what `GET /api/<group>/:id` answers) without
 * its id, audit fields and secrets; files are kept as `{id, name, alt}`, other records named in it
 * (a brand, a role, a list of products) as the wire has them (`{id, name, …}`). server/crud/write.ts
 * records a revision of every write through `recordRevisions`.
 */

/** A record's wire fields as history keeps them. */
export type RecordState = Record<string, unknown>;

/** Names of fields and columns never kept: password hashes, tokens (reset, unsubscribe), secrets. */
export const SECRET = /password|token|secret/i;

/** Fields of the wire that are the write's bookkeeping, not its content. */
const BOOKKEEPING = new Set(['id', 'created_at', 'updated_at', 'created_by', 'updated_by']);

/** Revision recording on/off: only the overhead benchmark (bench/revisions-overhead.ts) switches it off. */
export const revisionRecording = { enabled: true };

const isFile = (value: object): boolean => 'url' in value && 'mime' in value && 'id' in value;

/** Whether history keeps a field or key of this name (no bookkeeping, no secret), decided once per name. */
const keptNames = new Map<string, boolean>();
const keptName = (key: string, bookkeeping: boolean): boolean => {
  const cacheKey = bookkeeping ? key : `.${key}`;
  let kept = keptNames.get(cacheKey);
  if (kept === undefined) {
    kept = !(bookkeeping && BOOKKEEPING.has(key)) && !SECRET.test(key);
    // Field names are few; a nested value's own keys (a page's sections) could be many: not kept past 1 000.
    if (keptNames.size < 1000) keptNames.set(cacheKey, kept);
  }
  return kept;
};

/**
 * An uploaded file as history keeps it: `{id, name}` (and its alt text where the picture has one).
 * Plain loops: an import of 100 000 rows calls this for every field of every row, twice on a re-import.
 */
function kept(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(kept);
  if (isFile(value)) {
    const { id, name, alt } = value as { id: number; name: string; alt?: string };
    return alt === undefined ? { id, name } : { id, name, alt };
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value))
    if (keptName(key, false)) out[key] = kept((value as Record<string, unknown>)[key]);
  return out;
}

/** A wire item → its state: no id, audit fields or secrets; files as `{id, name}`. */
export function stateOf(item: unknown): RecordState {
  const state: RecordState = {};
  const fields = item as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (keptName(key, true)) state[key] = kept(fields[key]);
  return state;
}

/** Records read back per statement: the same batch as a bulk INSERT or UPDATE of server/crud/write.ts. */
const LOAD_CHUNK = 5000;

/**
 * The wire items of records by id, read in the write's transaction: one statement of the resource's
 * own query per 5 000 ids (`where id = any($ids)`, one array parameter, not 5 000) and one `toItems`.
 */
export async function loadItems(
  db: Executor,
  resource: AnyResource,
  ids: readonly number[],
): Promise<Map<number, unknown>> {
  const items = new Map<number, unknown>();
  for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
    const batch = ids.slice(start, start + LOAD_CHUNK);
    const rows = await flatRows(
      resource.select(db).where(sql`${resource.table.id} = any(${sql.param(batch)}::integer[])`),
    );
    for (const item of await resource.toItems(db, rows)) items.set(Number((item as { id: number }).id), item);
  }
  return items;
}

/** Wire items → their states. */
export function statesOf(items: Map<number, unknown>): Map<number, RecordState> {
  const states = new Map<number, RecordState>();
  for (const [id, item] of items) states.set(id, stateOf(item));
  return states;
}

/** The states of records by id, read in the write's transaction (`loadItems`). */
export async function loadStates(
  db: Executor,
  resource: AnyResource,
  ids: readonly number[],
): Promise<Map<number, RecordState>> {
  return statesOf(await loadItems(db, resource, ids));
}

/** Two objects with the same keys in the same order and the same primitive values (their JSON is equal). */
function flatEqual(a: object, b: object): boolean {
  const keys = Object.keys(a);
  const other = Object.keys(b);
  if (keys.length !== other.length) return false;
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index];
    if (key !== other[index]) return false;
    const value = (a as Record<string, unknown>)[key];
    if (value !== null && typeof value === 'object') return false;
    if (value !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/**
 * Equal values: primitives at once, objects (a reference, a file, a list) by their JSON; a flat
 * object equal key by key (a brand `{id, name, slug}` unchanged) without writing either as JSON.
 */
const same = (a: unknown, b: unknown): boolean =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    ((!Array.isArray(a) && !Array.isArray(b) && flatEqual(a, b)) || JSON.stringify(a) === JSON.stringify(b)));

/** The fields that differ between two states (null: the record did not exist on that side). */
export function diffStates(before: RecordState | null, after: RecordState | null): RevisionChanges {
  const changes: RevisionChanges = {};
  const compare = (key: string) => {
    const old = before ? (before[key] ?? null) : null;
    const next = after ? (after[key] ?? null) : null;
    if (!same(old, next)) changes[key] = { old, new: next };
  };
  // The keys of both sides, each once: the before side's, then the after side's it lacks.
  if (before) for (const key of Object.keys(before)) compare(key);
  if (after) for (const key of Object.keys(after)) if (!before || !Object.hasOwn(before, key)) compare(key);
  return changes;
}

/** A create's changes: every field from null, and the id it got (so a created record reads as one). */
export function createdChanges(id: number, after: RecordState | null): RevisionChanges {
  const changes: RevisionChanges = { id: { old: null, new: id } };
  for (const [key, value] of Object.entries(after ?? {}))
    if (value !== null && value !== undefined) changes[key] = { old: null, new: value };
  return changes;
}

export interface RevisionEntry {
  id: number;
  action: RevisionAction;
  changes: RevisionChanges;
  /** A deleted row's columns (secrets removed), to re-insert it with the same id. */
  snapshot?: Record<string, unknown> | null;
}

const INSERT_CHUNK = 5000;

/**
 * Stores revisions in the write's transaction: one `INSERT … SELECT` per 5 000 (an import of 100 000
 * rows adds 20 statements, not 100 000). The changes go as one JSON array (written by one
 * `JSON.stringify`, sent as it is) rather than a text array the driver escapes element by element.
 */
export async function recordRevisions(
  tx: Tx,
  resource: AnyResource,
  entries: readonly RevisionEntry[],
  ctx: WriteContext,
): Promise<void> {
  const at = new Date(now()).toISOString();
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const batch = entries.slice(start, start + INSERT_CHUNK);
    const ids = batch.map((entry) => entry.id);
    const actions = batch.map((entry) => entry.action);
    const changes = JSON.stringify(batch.map((entry) => entry.changes));
    const snapshots = batch.map((entry) => (entry.snapshot ? JSON.stringify(entry.snapshot) : null));
    await tx.execute(sql`
      insert into ${revisions} (resource, record_id, action, user_id, created_at, changes, snapshot, import_id)
      select ${resource.contract.group}, v.record_id, v.action, ${ctx.user.id}, ${at}::timestamptz,
             v.changes, v.snapshot::jsonb, ${ctx.importId ?? null}
      from rows from (unnest(${sql.param(ids)}::integer[]), unnest(${sql.param(actions)}::text[]),
                      jsonb_array_elements(${changes}::jsonb), unnest(${sql.param(snapshots)}::text[]))
           with ordinality as v(record_id, action, changes, snapshot, n)
      order by v.n`);
  }
}

/** The deleted rows' columns (secrets removed), keyed by id: what a restore from the trash re-inserts. */
export async function rowSnapshots(
  tx: Tx,
  resource: AnyResource,
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const { table } = resource;
  const snapshots = new Map<number, Record<string, unknown>>();
  for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
    const batch = ids.slice(start, start + LOAD_CHUNK);
    const result = (await tx.execute(
      sql`select to_jsonb(t) as row from ${table} t where t.id = any(${sql.param(batch)}::integer[])`,
    )) as unknown as { rows: { row: Record<string, unknown> | string }[] };
    for (const { row } of result.rows) {
      const columns = typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row;
      snapshots.set(
        Number(columns.id),
        Object.fromEntries(Object.entries(columns).filter(([key]) => !SECRET.test(key))),
      );
    }
  }
  return snapshots;
}

/** The revisions of one record, newest first. */
export const recordRevisionsQuery = (db: Executor, resource: AnyResource, recordId: number) =>
  db
    .select()
    .from(revisions)
    .where(and(eq(revisions.resource, resource.contract.group), eq(revisions.record_id, recordId)))
    .orderBy(desc(revisions.id));

/** The newest revision of a record, or undefined. */
export async function latestRevision(db: Executor, resource: AnyResource, recordId: number) {
  const [latest] = await recordRevisionsQuery(db, resource, recordId).limit(1);
  return latest;
}

/**
 * A record's state as it was right after `revisionId`: from `current` (its state now), every later
 * revision's changes are undone, newest first.
 */
export async function stateAfter(
  db: Executor,
  resource: AnyResource,
  recordId: number,
  revisionId: number,
  current: RecordState,
): Promise<RecordState> {
  const later = await db
    .select({ changes: revisions.changes })
    .from(revisions)
    .where(
      and(
        eq(revisions.resource, resource.contract.group),
        eq(revisions.record_id, recordId),
        gt(revisions.id, revisionId),
      ),
    )
    .orderBy(desc(revisions.id));
  const state = { ...current };
  for (const { changes } of later)
    for (const [field, change] of Object.entries(changes)) state[field] = (change as FieldChange).old;
  return state;
}

/** The state before a change: the changes' old values over the state after it. */
export const stateBefore = (after: RecordState, changes: RevisionChanges): RecordState => ({
  ...after,
  ...Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.old])),
});

/** The records other than scalars a state names, by input field: what a restore refuses by name when gone. */
export type References = Record<string, string>;

const refName = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return value.map(refName).filter(Boolean).join(', ') || undefined;
  if (value && typeof value === 'object' && 'id' in value) {
    const { name, title } = value as { name?: unknown; title?: unknown };
    return String(name ?? title ?? (value as { id: unknown }).id);
  }
  return undefined;
};

/** Other records and files → their ids, also inside lists and nested objects (a page's sections' pictures). */
/** A file as a state keeps it (`kept`: `{id, name, alt?}`), inside nested values (a page's sections). */
const keptFile = (value: unknown): value is { id: unknown; alt?: string } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'id' in value;

const idOfRef = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(idOfRef);
  if (value && typeof value === 'object') {
    if ('id' in value) return (value as { id: unknown }).id;
    // Nested (a page's sections): a picture gives its id, and its alt text beside it (`image_alt`).
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, inner]) => [
        [key, idOfRef(inner)],
        ...(keptFile(inner) ? [[`${key}_alt`, inner.alt ?? null]] : []),
      ]),
    );
  }
  return value;
};

/**
 * A state → the input of the contract's schema (what the edit form would send): a field of the
 * same name takes its value (another record or a file → its id, a list of them → their ids); `x_id`
 * takes the id of the state's `x` (`brand_id` ← `brand`); `x_alt` the alt text of its picture `x`.
 * Secrets (a password) are never in a state, so they stay unset (an update keeps the current one).
 */
export function inputOf(
  state: RecordState,
  schema: AnyObjectSchema,
): { input: Record<string, unknown>; references: References } {
  const input: Record<string, unknown> = {};
  const references: References = {};
  for (const key of Object.keys(schema.fields)) {
    if (key === 'updated_at' || SECRET.test(key)) continue;
    let value: unknown;
    if (key in state) value = state[key];
    else if (key.endsWith('_id') && key.slice(0, -3) in state) value = state[key.slice(0, -3)];
    else if (key.endsWith('_alt') && key.slice(0, -4) in state) {
      const picture = state[key.slice(0, -4)] as { alt?: string } | null;
      input[key] = picture?.alt ?? null;
      continue;
    } else continue;
    const name = refName(value);
    if (name !== undefined) references[key] = name;
    input[key] = idOfRef(value);
  }
  return { input, references };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The retention of the trash: a record deleted more than `days` ago and not restored since is gone
 * for good, its history with it (every revision of it). Answers how many records were purged. The
 * app runs it on start and daily (server/plugins/retention.ts); tests call it with the app's clock.
 */
export async function purgeTrash(db: Executor, days: number, at = now()): Promise<number> {
  const cutoff = new Date(at - days * DAY_MS).toISOString();
  const result = (await db.execute(sql`
    with gone as (
      select d.resource, d.record_id from ${revisions} d
      where d.action = 'delete' and d.created_at < ${cutoff}::timestamptz
        and not exists (select 1 from ${revisions} later
                        where later.resource = d.resource and later.record_id = d.record_id and later.id > d.id)
    ), purged as (
      delete from ${revisions} r using gone
      where r.resource = gone.resource and r.record_id = gone.record_id
      returning r.resource, r.record_id
    )
    select count(distinct (resource, record_id))::integer as records from purged`)) as unknown as {
    rows: { records: number }[];
  };
  return Number(result.rows[0]?.records ?? 0);
}
