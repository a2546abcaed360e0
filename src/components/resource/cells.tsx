import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Status } from '../../shared/contracts/account';
import { initials } from '../../shared/formats';
import { StatusChip } from '../data/StatusChip';

export interface ImageNameCellProps {
  name: string;
  /** The item's picture (logo, image); its initials show without one. */
  image?: { url: string } | null;
}

/** A list cell: a small square picture beside the item's name. */
export function ImageNameCell({ name, image }: ImageNameCellProps) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ height: '100%', minWidth: 0 }}>
      <Avatar
        variant="rounded"
        src={image?.url}
        alt={image ? name : undefined}
        sx={{ width: 32, height: 32, fontSize: '0.8125rem' }}
      >
        {initials(name)}
      </Avatar>
      <Typography variant="body2" noWrap>
        {name}
      </Typography>
    </Stack>
  );
}

export interface StatusCellProps {
  status: Status;
}

/** A list cell: Active / Not Active, centred in the row. */
export function StatusCell({ status }: StatusCellProps) {
  return (
    <Stack justifyContent="center" sx={{ height: '100%' }}>
      <StatusChip status={status} />
    </Stack>
  );
}
