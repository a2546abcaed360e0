import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import type { EnumValue } from '../../shared/resources/resource';
import type { FilterChoice } from './useListState';

export type FilterValue = EnumValue;

/** The select's least width (it grows with the chosen options' names); its stand-in's alike. */
export const OPTIONS_FILTER_MIN_WIDTH = 160;

/** The chosen options as the select shows them: their labels, in the order chosen. */
export const selectionText = (
  options: readonly FilterChoice[] | undefined,
  selected: readonly FilterValue[],
): string =>
  selected.map((value) => options?.find((option) => option.id === value)?.label ?? String(value)).join(', ');

export interface OptionsFilterProps {
  label: string;
  /** Undefined while the options load (the select is disabled meanwhile). */
  options: readonly FilterChoice[] | undefined;
  selected: readonly FilterValue[];
  onChange: (selected: FilterValue[]) => void;
}

/** A multi-select of a list filter's options; the selection is shown as the options' labels. */
export function OptionsFilter({ label, options, selected, onChange }: OptionsFilterProps) {
  const labelId = useId();
  const keys = (options ?? []).map((option) => option.id);
  return (
    <FormControl size="small" disabled={!options} sx={{ minWidth: OPTIONS_FILTER_MIN_WIDTH }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<FilterValue[]>
        labelId={labelId}
        multiple
        value={[...selected]}
        onChange={(event) => {
          const { value } = event.target;
          // MUI's Select may hand back strings; map back to the options' own values.
          const next = typeof value === 'string' ? value.split(',') : value;
          onChange(keys.filter((key) => next.some((item) => String(item) === String(key))));
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(values) => selectionText(options, values)}
      >
        {(options ?? []).map((option) => (
          <MenuItem key={String(option.id)} value={option.id}>
            <Checkbox size="small" checked={selected.includes(option.id)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
