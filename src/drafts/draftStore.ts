import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { DRAFT_STORE } from '../shared/storageKeys';

/**
 * Unsaved form values kept in IndexedDB (through idb-keyval), one per user and form, so that a
 * reload, a crash or a new sign-in loses no typed work. Secrets are never written.
 */

export interface Draft<Values = unknown> {
  values: Values;
  /** Epoch ms of the last write. */
  savedAt: number;
}

/** A field whose name says it holds a secret is never kept (passwords, their confirmations, tokens). */
const SECRET = /password|secret|token/i;

let store: UseStore | null = null;
const draftStore = (): UseStore => (store ??= createStore(DRAFT_STORE.database, DRAFT_STORE.store));

const key = (userId: number, formKey: string) => `${userId}:${formKey}`;

/** The values without any secret field, at any depth. */
export function withoutSecrets<T>(values: T): T {
  if (Array.isArray(values)) return values.map((value: unknown) => withoutSecrets(value)) as T;
  if (!values || typeof values !== 'object') return values;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([name]) => !SECRET.test(name))
      .map(([name, value]) => [name, withoutSecrets(value)]),
  ) as T;
}

// Async, so that a browser without IndexedDB (or with it blocked) rejects instead of throwing.
export const readDraft = async <Values>(
  userId: number,
  formKey: string,
): Promise<Draft<Values> | undefined> => get<Draft<Values>>(key(userId, formKey), draftStore());

export const writeDraft = async (userId: number, formKey: string, values: unknown, savedAt: number) =>
  set(key(userId, formKey), { values: withoutSecrets(values), savedAt } satisfies Draft, draftStore());

export const removeDraft = async (userId: number, formKey: string): Promise<void> =>
  del(key(userId, formKey), draftStore());

/** Removes every draft of one user (at sign-out, or when another user took over the session). */
export async function removeUserDrafts(userId: number): Promise<void> {
  const prefix = `${userId}:`;
  const mine = (await keys<string>(draftStore())).filter((name) => String(name).startsWith(prefix));
  if (mine.length) await delMany(mine, draftStore());
}

type Flush = () => Promise<void>;
const pendingWrites = new Set<Flush>();

/** An open form registers how to write its latest values at once; the returned function unregisters. */
export function registerDraftFlush(flush: Flush): () => void {
  pendingWrites.add(flush);
  return () => pendingWrites.delete(flush);
}

/** Writes every open form's latest values now (before the page reloads at the session's end). */
export async function flushDrafts(): Promise<void> {
  await Promise.allSettled([...pendingWrites].map((flush) => flush()));
}
