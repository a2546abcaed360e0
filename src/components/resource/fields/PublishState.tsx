import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import type { Status } from '../../../shared/contracts/account';
import { companyTimeZone } from './companyZone';
import { dayIn } from '../../../shared/zonedDays';
import {
  PUBLISH_STATE_LABELS,
  publishSentence,
  publishState,
  type PublishState,
} from '../../../shared/resources/publishing';

const CHIP_COLOR: Record<PublishState, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  scheduled: 'info',
  live: 'success',
  ended: 'warning',
};

export interface PublishStateChipProps {
  state: PublishState;
}

/** The publish state beside the status in a content list: Draft, Scheduled, Live or Ended. */
export function PublishStateChip({ state }: PublishStateChipProps) {
  return (
    <Chip
      size="small"
      label={PUBLISH_STATE_LABELS[state]}
      color={CHIP_COLOR[state]}
      variant={state === 'live' ? 'filled' : 'outlined'}
      // An outlined chip writes its label in the colour's main shade, below 4.5:1 on paper for info
      // and warning; the border carries the colour, the label the text colour.
      sx={state === 'live' ? undefined : { color: 'text.primary' }}
      data-state={state}
    />
  );
}

export interface PublishNoteProps {
  /** The form's start date field (`date`). */
  dateField?: string;
  /** The form's end date field (`end_date`), when the kind has one. */
  endField?: string;
  /** Today's time, for tests; default now. */
  now?: number;
  /** The zone a day starts in, for tests; default the company's (`/env.js`). */
  zone?: string;
}

/** The form's sentence under the dates: when the item goes live or ends, from the values as typed. */
export function PublishNote({ dateField = 'date', endField, now, zone }: PublishNoteProps) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const text = (name?: string) => {
    const value = name ? values[name] : null;
    return typeof value === 'string' && value ? value : null;
  };
  const item = {
    status: Number(values.status) as Status,
    date: text(dateField),
    end_date: text(endField),
  };
  // Read once per mount: the sentence is about days, not seconds.
  const [today] = useState(() => dayIn(now ?? Date.now(), zone ?? companyTimeZone()));
  return (
    // A div, not the body2 paragraph: the chip inside it is a div, which a <p> may not hold.
    <Typography
      component="div"
      variant="body2"
      color="text.secondary"
      role="status"
      sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
    >
      <PublishStateChip state={publishState(item, today)} />
      {publishSentence(item, today)}
    </Typography>
  );
}
