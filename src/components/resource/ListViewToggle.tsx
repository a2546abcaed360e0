import { useCallback, useState } from 'react';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import GridViewIcon from '@mui/icons-material/GridView';
import ViewListIcon from '@mui/icons-material/ViewList';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import type { StorageKey } from '../../shared/storageKeys';

export type ListView = 'table' | 'grid';

const readView = (storageKey: StorageKey | undefined): ListView => {
  if (!storageKey) return 'table';
  try {
    return localStorage.getItem(storageKey) === 'grid' ? 'grid' : 'table';
  } catch {
    return 'table';
  }
};

/** The list's Table / Grid choice, kept in this browser under `storageKey` (none: always the table). */
export function useListView(storageKey: StorageKey | undefined): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => readView(storageKey));
  const choose = useCallback(
    (next: ListView) => {
      setView(next);
      if (!storageKey) return;
      try {
        localStorage.setItem(storageKey, next);
      } catch {
        // A browser that keeps nothing still switches; the choice lasts until the page is left.
      }
    },
    [storageKey],
  );
  return [view, choose];
}

export interface ListViewToggleProps {
  view: ListView;
  onChange: (view: ListView) => void;
}

/** Table or Grid: two buttons of one group (arrow keys are not needed: each is a Tab stop). */
export function ListViewToggle({ view, onChange }: ListViewToggleProps) {
  return (
    <Stack direction="row" justifyContent="flex-end">
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        aria-label={LIST_SCREEN_MESSAGES.view}
        onChange={(_event, next: ListView | null) => next && onChange(next)}
      >
        <ToggleButton value="table">
          <ViewListIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
          {LIST_SCREEN_MESSAGES.viewTable}
        </ToggleButton>
        <ToggleButton value="grid">
          <GridViewIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
          {LIST_SCREEN_MESSAGES.viewGrid}
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
