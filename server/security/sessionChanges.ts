import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request changed that signed-in sessions depend on: users (deactivated, deleted, given
 * another role, their tokens revoked), roles (their permissions, deleted) and sign-ins (a token
 * family revoked: a sign-out, a reused refresh token). The auth plugin publishes it to the other
 * instances once the request's work is done (its transactions committed), and they drop the
 * affected cached sign-ins (`SessionCache.forgetMatching`).
 */
export interface SessionChange {
  users?: number[];
  roles?: number[];
  families?: string[];
}

const requestChanges = new AsyncLocalStorage<SessionChange>();

/** Runs the rest of a request with its own record of session changes (a Fastify onRequest hook). */
export function collectSessionChanges(change: SessionChange, done: () => void): void {
  requestChanges.run(change, done);
}

/**
 * Notes a change made by the request under way (called where users, roles and tokens are written).
 * Outside a request (a job) nothing is noted: such code publishes through `app.sessionBus` itself.
 */
export function noteSessionChange(change: SessionChange): void {
  const current = requestChanges.getStore();
  if (!current) return;
  for (const key of ['users', 'roles', 'families'] as const) {
    const values = change[key];
    if (!values?.length) continue;
    const merged = new Set<number | string>([...(current[key] ?? []), ...values]);
    (current as Record<string, unknown>)[key] = [...merged];
  }
}

export const isEmptyChange = (change: SessionChange): boolean =>
  !change.users?.length && !change.roles?.length && !change.families?.length;

const ids = (value: unknown, kind: 'number' | 'string'): boolean =>
  Array.isArray(value) && value.length <= 10_000 && value.every((item) => typeof item === kind);

/** A change received from another instance, checked for shape (anything else is ignored). */
export function parseSessionChange(value: unknown): SessionChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { users, roles, families } = value as Record<string, unknown>;
  if (users !== undefined && !ids(users, 'number')) return null;
  if (roles !== undefined && !ids(roles, 'number')) return null;
  if (families !== undefined && !ids(families, 'string')) return null;
  return {
    ...(users ? { users: users as number[] } : {}),
    ...(roles ? { roles: roles as number[] } : {}),
    ...(families ? { families: families as string[] } : {}),
  };
}
