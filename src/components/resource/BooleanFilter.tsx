import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { EMPTY_LIST_MESSAGES } from '../../shared/messages/emptyLists';

export interface BooleanFilterProps {
  label: string;
  /** Undefined: either. */
  value: boolean | undefined;
  onChange: (value: boolean | undefined) => void;
}

const ANY = 'any';

/** The select's least width; its stand-in's alike. */
export const BOOLEAN_FILTER_MIN_WIDTH = 120;

/** The value as the select shows it: Any, Yes or No. */
export const booleanText = (value: boolean | undefined): string =>
  value === undefined ? EMPTY_LIST_MESSAGES.any : value ? EMPTY_LIST_MESSAGES.yes : EMPTY_LIST_MESSAGES.no;

/** A yes / no list filter (`<name>=1|0`), or either. */
export function BooleanFilter({ label, value, onChange }: BooleanFilterProps) {
  const labelId = useId();
  const current = value === undefined ? ANY : value ? '1' : '0';
  return (
    <FormControl size="small" sx={{ minWidth: BOOLEAN_FILTER_MIN_WIDTH }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={current}
        onChange={(event) => onChange(event.target.value === ANY ? undefined : event.target.value === '1')}
      >
        <MenuItem value={ANY}>{EMPTY_LIST_MESSAGES.any}</MenuItem>
        <MenuItem value="1">{EMPTY_LIST_MESSAGES.yes}</MenuItem>
        <MenuItem value="0">{EMPTY_LIST_MESSAGES.no}</MenuItem>
      </Select>
    </FormControl>
  );
}
