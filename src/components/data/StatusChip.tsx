import Chip from '@mui/material/Chip';
import { STATUS, type Status } from '../../shared/contracts/account';
import { en } from '../../shared/messages';

export interface StatusChipProps {
  status: Status;
}

/** Active / Not Active (spec §3). */
export function StatusChip({ status }: StatusChipProps) {
  const active = status === STATUS.active;
  return (
    <Chip
      size="small"
      label={active ? en.active : en.notActive}
      color={active ? 'success' : 'default'}
      variant="outlined"
      sx={{ alignSelf: 'flex-start' }}
    />
  );
}
