import Button from '@mui/material/Button';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

export interface ResetFiltersButtonProps {
  onReset: () => void;
  /** Disabled when no filter is set. */
  disabled?: boolean;
}

/** Clears search, status, dates and the resource's own filters, with their storage. */
export function ResetFiltersButton({ onReset, disabled }: ResetFiltersButtonProps) {
  return (
    <Button variant="text" onClick={onReset} disabled={disabled} startIcon={<FilterAltOffIcon />}>
      {LIST_SCREEN_MESSAGES.resetFilters}
    </Button>
  );
}
