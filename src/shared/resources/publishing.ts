import { Type } from '@sinclair/typebox';
import { formatDisplayDate } from '../formats';
import { format } from '../messages';
import { CATALOGUE_MESSAGES } from '../messages/catalogue';
import type { Status } from '../contracts/account';
import { enumFilter } from './filters';

/**
 * Scheduled publishing (API contract: Publishing). An Active item whose publish `date` lies in the
 * future is scheduled; it is live from that day on; an item with an `end_date` in the past has
 * ended; a Not Active item is a draft, and so is one without a date (a form before its date is
 * entered: never "live since" no day, issue #41; stored items always have one). Computed from the dates at read time, against `today` (a
 * `YYYY-MM-DD` day in the company's time zone, src/shared/zonedDays.ts; the server's clock is
 * injectable, server/lib/clock.ts), so nothing has to run on
 * the day for the state to change. The server's SQL filter (server/crud/fields.ts `publishFilter`)
 * states the same rule.
 */
export const PUBLISH_STATES = ['draft', 'scheduled', 'live', 'ended'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

export interface Publishable {
  status: Status;
  date: string | null;
  end_date?: string | null;
}

export function publishState(item: Publishable, today: string): PublishState {
  if (item.status !== 1 || !item.date) return 'draft';
  if (item.date && item.date > today) return 'scheduled';
  if (item.end_date && item.end_date < today) return 'ended';
  return 'live';
}

export const PUBLISH_STATE_LABELS: Record<PublishState, string> = {
  draft: CATALOGUE_MESSAGES.publishDraft,
  scheduled: CATALOGUE_MESSAGES.publishScheduled,
  live: CATALOGUE_MESSAGES.publishLive,
  ended: CATALOGUE_MESSAGES.publishEnded,
};

/** The form's sentence: when the item goes live or ends, in words. */
export function publishSentence(item: Publishable, today: string): string {
  const date = formatDisplayDate(item.date);
  const end = formatDisplayDate(item.end_date ?? null);
  switch (publishState(item, today)) {
    case 'draft':
      return item.status === 1 && !item.date
        ? CATALOGUE_MESSAGES.publishUndatedSentence
        : CATALOGUE_MESSAGES.publishDraftSentence;
    case 'scheduled':
      return format(
        end ? CATALOGUE_MESSAGES.publishScheduledUntilSentence : CATALOGUE_MESSAGES.publishScheduledSentence,
        { date, end },
      );
    case 'ended':
      return format(CATALOGUE_MESSAGES.publishEndedSentence, { end });
    case 'live':
      return format(
        end ? CATALOGUE_MESSAGES.publishLiveUntilSentence : CATALOGUE_MESSAGES.publishLiveSentence,
        { date, end },
      );
  }
}

export const PUBLISH_STATE_FILTER = enumFilter({
  label: CATALOGUE_MESSAGES.publishState,
  options: PUBLISH_STATES.map((value) => ({ value, label: PUBLISH_STATE_LABELS[value] })),
});

/** The publish group's wire property (read only, computed). */
export const publishGroup = {
  wire: {
    publish_state: Type.Unsafe<PublishState>({
      type: 'string',
      enum: [...PUBLISH_STATES],
      description: 'Computed at read time: draft (Not Active), scheduled, live or ended',
    }),
  },
  sheet: [{ key: 'publish_state', label: CATALOGUE_MESSAGES.publishState, import: false }],
} as const;
