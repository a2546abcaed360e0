import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Status } from '../../shared/contracts/account';
import { StatusChip } from '../data/StatusChip';
import { UserAvatar } from '../data/UserAvatar';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** Where a detail page returns to: the list as it was (page, sort, search, filters). */
export interface ListReturnState {
  from: string;
}

export interface RowLinkProps {
  to: string;
  /** The grid's roving tab index of the cell (0 on the focused cell, -1 elsewhere). */
  tabIndex: number;
  children: ReactNode;
}

/**
 * A list row's link to its detail page, filling its cell: a real link (middle-click or Ctrl-click
 * opens a tab), carrying the list's URL so the detail page's Back returns to it as it was.
 */
export function RowLink({ to, tabIndex, children }: RowLinkProps) {
  const location = useLocation();
  const state: ListReturnState = { from: location.pathname + location.search };
  return (
    <Link
      component={RouterLink}
      to={to}
      state={state}
      tabIndex={tabIndex}
      color="inherit"
      underline="none"
      // Only the text is underlined on hover (not a picture's initials beside it).
      sx={{
        display: 'flex',
        alignItems: 'center',
        height: '100%',
        minWidth: 0,
        '&:hover .MuiTypography-root, &:focus-visible .MuiTypography-root': { textDecoration: 'underline' },
      }}
    >
      {typeof children === 'string' || typeof children === 'number' ? (
        <Typography variant="body2" noWrap>
          {children}
        </Typography>
      ) : (
        children
      )}
    </Link>
  );
}

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
