import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import { format } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

export interface ListToolbarProps {
  title: string;
  /** Buttons on the right of the title: Export, Import, Add New. */
  actions?: ReactNode;
  /** The search box: always in sight. */
  search?: ReactNode;
  /** The filters row: status, dates, the resource's own filters, Reset filters. */
  filters?: ReactNode;
  /** How many filters are set (shown on the phone's "Filters (n)" button). */
  activeFilters?: number;
  /** A phone: the filters fold behind a "Filters (n)" button, closed at first. */
  collapseFilters?: boolean;
}

/**
 * The list page's head: the title with its actions, and the search and filters below. On a phone
 * the filters fold behind a "Filters (n)" button (n: the filters set), which opens them in place.
 */
export function ListToolbar({
  title,
  actions,
  search,
  filters,
  activeFilters = 0,
  collapseFilters = false,
}: ListToolbarProps) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const row = (content: ReactNode) => (
    <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
      {content}
    </Stack>
  );
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
      {collapseFilters && filters ? (
        <>
          {row(
            <>
              {search}
              <Button
                variant="outlined"
                aria-expanded={open}
                aria-controls={regionId}
                onClick={() => setOpen((value) => !value)}
                startIcon={
                  <Badge color="primary" variant="dot" invisible={activeFilters === 0}>
                    <FilterListIcon />
                  </Badge>
                }
              >
                {format(LIST_SCREEN_MESSAGES.filtersCount, { count: activeFilters })}
              </Button>
            </>,
          )}
          <Collapse in={open} unmountOnExit>
            <Stack
              id={regionId}
              role="group"
              aria-label={format(LIST_SCREEN_MESSAGES.filtersCount, { count: activeFilters })}
              spacing={1.5}
              sx={{ '& > *': { width: '100%' } }}
            >
              {filters}
            </Stack>
          </Collapse>
        </>
      ) : (
        (search || filters) &&
        row(
          <>
            {search}
            {filters}
          </>,
        )
      )}
    </Stack>
  );
}
