import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../shared/formats';
import { CONTACT_LABELS, isOverdue, type ContactForm } from '../../shared/resources/contactForms';

export interface DueTextProps {
  item: Pick<ContactForm, 'due_at' | 'state'>;
}

/** When the message is due, "Overdue" beside it once past due and still open (words, not colour only). */
export function DueText({ item }: DueTextProps) {
  // The time the screen was shown: a message turning overdue while it is open shows so on the next visit.
  const [shownAt] = useState(Date.now);
  if (!item.due_at) return <>{CONTACT_LABELS.noDue}</>;
  const overdue = isOverdue(item, shownAt);
  return (
    <>
      {formatDateTime(item.due_at)}
      {overdue && (
        <Typography component="span" color="error" variant="inherit" sx={{ fontWeight: 600 }}>
          {` · ${CONTACT_LABELS.overdue}`}
        </Typography>
      )}
    </>
  );
}

/** The due time in a list cell. */
export function DueCell({ item }: DueTextProps) {
  return (
    <Stack justifyContent="center" sx={{ height: '100%' }}>
      <Typography variant="body2" component="span">
        <DueText item={item} />
      </Typography>
    </Stack>
  );
}
