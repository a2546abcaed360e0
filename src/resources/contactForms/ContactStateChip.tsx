import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { CONTACT_STATE_LABELS, type ContactState } from '../../shared/resources/contactForms';

const COLORS = { new: 'primary', read: 'default', replied: 'success', spam: 'error' } as const;

export interface ContactStateChipProps {
  state: ContactState;
}

/** New / Read / Replied / Spam; New stands out. */
export function ContactStateChip({ state }: ContactStateChipProps) {
  return (
    <Chip
      size="small"
      label={CONTACT_STATE_LABELS[state]}
      color={COLORS[state]}
      variant={state === 'new' ? 'filled' : 'outlined'}
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}

/** The chip centred in a list cell. */
export function ContactStateCell({ state }: ContactStateChipProps) {
  return (
    <Stack justifyContent="center" sx={{ height: '100%' }}>
      <ContactStateChip state={state} />
    </Stack>
  );
}
