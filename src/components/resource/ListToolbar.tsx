import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface ListToolbarProps {
  title: string;
  /** Buttons on the right of the title: Export, Import, Add New. */
  actions?: ReactNode;
  /** The filters row: search, status, dates, the resource's own filters, Reset filters. */
  filters?: ReactNode;
}

/** The list page's head: the title with its actions, and the filters below. */
export function ListToolbar({ title, actions, filters }: ListToolbarProps) {
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        justifyContent="space-between"
        flexWrap="wrap"
        useFlexGap
      >
        <Typography variant="h1">{title}</Typography>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
          {actions}
        </Stack>
      </Stack>
      {filters && (
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          {filters}
        </Stack>
      )}
    </Stack>
  );
}
