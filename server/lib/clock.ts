import { dayOf } from '../../src/shared/resources/publishing';

/**
 * The server's clock, which tests replace (`setClock`): the publish state of content (scheduled,
 * live, ended) is computed from the dates against `today()` on every read.
 */
const systemClock = () => Date.now();
let clock: () => number = systemClock;

export const now = (): number => clock();
/** Today as `YYYY-MM-DD` (UTC). */
export const today = (): string => dayOf(clock());

/** Replaces the clock (tests); `null` puts the system clock back. */
export function setClock(next: (() => number) | null): void {
  clock = next ?? systemClock;
}
