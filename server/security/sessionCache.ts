import type { AuthUser } from '../repositories/tokens';
import type { SessionChange } from './sessionChanges';

/** What the cache keeps of a token: its user as a request sees it, and until when it may be reused. */
interface Entry {
  user: AuthUser;
  /** The earlier of the token's own expiry and the time the entry was stored plus the cache's life. */
  until: number;
}

/** Access tokens remembered at once; the oldest are dropped beyond it. */
const MAX_ENTRIES = 10_000;

/**
 * The signed-in users of recent requests, by their access token's hash, so a burst of requests
 * reads the token, the user and the role's permissions from the database once, not once each.
 *
 * What keeps it safe:
 * - every request that may change something (any method but GET, HEAD and OPTIONS) forgets every
 *   entry before its answer goes out (`forget`), so after a sign-out, a revoked session, a
 *   deactivated user or a changed role the next request of anyone on this server reads the
 *   database again;
 * - a change made through another instance reaches this one over Redis (REDIS_URL) and drops the
 *   sign-ins it affects at once (`forgetMatching`); without Redis, or while it is away, and for a
 *   change made by hand in SQL, it is seen within `lifeMs` (AUTH_CACHE_MS), and an entry never
 *   outlives its token's expiry;
 * - a lookup that was under way while the cache was forgotten is not stored (its answer may be from
 *   before the change), and a request arriving after it starts its own lookup;
 * - the users are frozen: nothing a request does to its `request.user` reaches another request;
 * - only found tokens are kept (a wrong token costs its lookup every time, and takes no room).
 */
/** A found token: its user and when the token expires. */
export interface FoundSession {
  user: AuthUser;
  expiresAt: Date;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<AuthUser | null>>();
  private generation = 0;

  constructor(
    private readonly lifeMs: number,
    private readonly now: () => number,
  ) {}

  /** The user of a token hash, from the cache or from `load` (shared by the requests waiting on it). */
  async get(hash: string, load: () => Promise<FoundSession | null>): Promise<AuthUser | null> {
    if (this.lifeMs <= 0) return (await load())?.user ?? null;
    const entry = this.entries.get(hash);
    if (entry && entry.until > this.now()) return entry.user;
    if (entry) this.entries.delete(hash);
    const waiting = this.pending.get(hash);
    if (waiting) return waiting;
    const generation = this.generation;
    const lookup = load().then((found) => {
      if (this.pending.get(hash) === lookup) this.pending.delete(hash);
      if (!found) return null;
      const user = freeze(found.user);
      if (generation === this.generation) this.store(hash, user, found.expiresAt);
      return user;
    });
    this.pending.set(hash, lookup);
    lookup.catch(() => {
      if (this.pending.get(hash) === lookup) this.pending.delete(hash);
    });
    return lookup;
  }

  /** Forgets every entry and every lookup under way (something may have changed). */
  forget(): void {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  /**
   * Forgets the entries a change elsewhere affects (its users, roles, sign-ins) and every lookup
   * under way (which may have read the state before it).
   */
  forgetMatching(change: SessionChange): void {
    this.generation++;
    this.pending.clear();
    const users = new Set(change.users);
    const roles = new Set(change.roles);
    const families = new Set(change.families);
    for (const [hash, { user }] of this.entries)
      if (
        users.has(user.id) ||
        (user.roleId !== null && roles.has(user.roleId)) ||
        families.has(user.familyId)
      )
        this.entries.delete(hash);
  }

  private store(hash: string, user: AuthUser, expiresAt: Date): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { user, until: Math.min(this.now() + this.lifeMs, expiresAt.getTime()) });
  }
}

/** The user, frozen with its permissions: shared by requests, so none may change it for another. */
const freeze = (user: AuthUser): AuthUser => {
  Object.freeze(user.permissions);
  return Object.freeze(user);
};
