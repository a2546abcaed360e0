import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { optionKey } from '../../hooks/usePersistedFilters';
import type { FilterOption } from './types';

export type FilterValue = string | number;

export interface OptionsFilterProps {
  label: string;
  /** Undefined while the options load (the select is disabled meanwhile). */
  options: readonly FilterOption[] | undefined;
  selected: readonly FilterValue[];
  onChange: (selected: FilterValue[]) => void;
}

/** A multi-select of a list filter's options; the selection is shown as the options' labels. */
export function OptionsFilter({ label, options, selected, onChange }: OptionsFilterProps) {
  const labelId = useId();
  const labelOf = (value: FilterValue) =>
    options?.find((option) => optionKey(option) === value)?.label ?? String(value);
  // MUI's Select stores its value as strings when options are strings; map back by key.
  const keys = (options ?? []).map((option) => optionKey(option)).filter((key) => key !== undefined);
  return (
    <FormControl size="small" disabled={!options} sx={{ minWidth: 160 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<FilterValue[]>
        labelId={labelId}
        multiple
        value={[...selected]}
        onChange={(event) => {
          const { value } = event.target;
          const next = typeof value === 'string' ? value.split(',') : value;
          onChange(keys.filter((key) => next.some((item) => String(item) === String(key))));
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(values) => values.map(labelOf).join(', ')}
      >
        {(options ?? []).map((option) => {
          const key = optionKey(option) as FilterValue;
          return (
            <MenuItem key={String(key)} value={key}>
              <Checkbox size="small" checked={selected.includes(key)} />
              <ListItemText primary={option.label} />
            </MenuItem>
          );
        })}
      </Select>
    </FormControl>
  );
}
