import Button from '@mui/material/Button';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { en } from '../../shared/messages';

export interface ResetFiltersButtonProps {
  onReset: () => void;
  /** Disabled when no filter is set. */
  disabled?: boolean;
}

/** Clears search, status, dates and the resource's own filters, with their storage. */
export function ResetFiltersButton({ onReset, disabled }: ResetFiltersButtonProps) {
  return (
    <Button variant="text" onClick={onReset} disabled={disabled} startIcon={<FilterAltOffIcon />}>
      {en.resetFilters}
    </Button>
  );
}
