import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Link as RouterLink } from 'react-router-dom';
import { format } from '../../shared/messages';
import { EMPTY_LIST_MESSAGES } from '../../shared/messages/emptyLists';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import type { ActiveFilter } from './useListState';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export interface EmptyListOverlayProps {
  /** The item's name, lower-cased in the text: 'No brand matches …'. */
  item: string;
  /** What the list is filtered by; none: the list is empty. */
  active: readonly ActiveFilter[];
  onReset: () => void;
  /** Add New, when the user may add. */
  addPath?: string;
}

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    empty?: EmptyListOverlayProps;
  }
}

/**
 * What a list shows when it has no rows: what is filtered (every active filter named) with Reset
 * filters and Add New, or, unfiltered, that nothing has been added yet (with Add New).
 */
export function EmptyListOverlay({ empty }: { empty?: EmptyListOverlayProps }) {
  if (!empty) return null;
  const { item, active, onReset, addPath } = empty;
  const filtered = active.length > 0;
  return (
    <Stack
      alignItems="center"
      justifyContent="center"
      spacing={2}
      sx={{ height: '100%', py: 4, px: 2 }}
      role="status"
    >
      <Typography variant="body1" color="text.secondary" textAlign="center">
        {filtered
          ? format(EMPTY_LIST_MESSAGES.emptyFiltered, {
              item: item.toLowerCase(),
              filters: active.map((filter) => filter.text).join(EMPTY_LIST_MESSAGES.filterAnd),
            })
          : format(EMPTY_LIST_MESSAGES.emptyList, { item: item.toLowerCase() })}
      </Typography>
      <Stack direction="row" spacing={1}>
        {filtered && (
          <Button variant="outlined" startIcon={<FilterAltOffIcon />} onClick={onReset}>
            {LIST_SCREEN_MESSAGES.resetFilters}
          </Button>
        )}
        {addPath && (
          <Button variant="contained" component={RouterLink} to={addPath} startIcon={<AddIcon />}>
            {SCREEN_TEXT.addNew}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
