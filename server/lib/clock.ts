import { dayIn, serverTimeZone, startOfDayIn } from '../../src/shared/zonedDays';

/**
 * The server's clock, which tests replace (`setClock`): the publish state of content (scheduled,
 * live, ended) is computed from the dates against `today()` on every read.
 *
 * And the company's time zone (Setting › Company, issue 36), in which a day starts: kept here so
 * every reader of days is synchronous. `server/plugins/companyZone.ts` loads it from the company
 * record at start, re-reads it when it is older than its life (another instance's save), and sets
 * it at once on this instance's save.
 */
let offsetMs = 0;
const systemClock = () => Date.now() + offsetMs;
let clock: () => number = systemClock;
let zone = serverTimeZone();

export const now = (): number => clock();
/** Today as `YYYY-MM-DD`, in the company's time zone. */
export const today = (): string => dayIn(clock(), zone);
/** The day (`YYYY-MM-DD`) of the instant `at` (ms), in the company's time zone. */
export const dayAt = (at: number): string => dayIn(at, zone);
/** The instant day `day` starts, in the company's time zone. */
export const startOfDay = (day: string): Date => startOfDayIn(day, zone);

/** The company's time zone (IANA name). */
export const companyZone = (): string => zone;
/** Sets the company's time zone (null: the server's own). */
export function setCompanyZone(next: string | null): void {
  zone = next ?? serverTimeZone();
}

/**
 * Runs the server's clock `ms` ahead of the machine's (CLOCK_OFFSET_MS, set by server.ts at start:
 * e2e/scheduled.e2e.ts starts a server whose midnight comes minutes later). The database and the job queue keep the machine's time: `machineTime` turns a
 * moment of this clock into theirs.
 */
export function setClockOffset(ms: number): void {
  offsetMs = ms;
}

/** The machine's (the database's, the job queue's) time of the moment `at` of this clock. */
export const machineTime = (at: Date): Date => new Date(at.getTime() - offsetMs);

/** Replaces the clock (tests); `null` puts the system clock back. */
export function setClock(next: (() => number) | null): void {
  clock = next ?? systemClock;
}
