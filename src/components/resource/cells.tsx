import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Status } from '../../shared/contracts/account';
import { StatusChip } from '../data/StatusChip';
import { UserAvatar } from '../data/UserAvatar';

export interface ImageNameCellProps {
  name: string;
  /** The item's picture (logo, image); its initials show without one. */
  image?: { url: string } | null;
}

/** A list cell: a small square picture beside the item's name. */
export function ImageNameCell({ name, image }: ImageNameCellProps) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ height: '100%', minWidth: 0 }}>
      {/* The name is in the cell already: the picture is decoration. */}
      <UserAvatar name={name} photo={image} size={32} variant="rounded" decorative />
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
