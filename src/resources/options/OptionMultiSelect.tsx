import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';
import { useId } from 'react';
import { en } from '../../shared/messages';
import type { OptionItem } from '../../shared/resources/resource';

export interface OptionMultiSelectProps {
  /** The Formik field holding the picked ids (`products`). */
  name: string;
  label: string;
  /** Every item of the other resource; undefined while they load. */
  options: readonly OptionItem[] | undefined;
  /** The edited item's own choices, listed even before or without the options. */
  current?: readonly { id: number; name: string }[];
  disabled?: boolean;
  helperText?: string;
}

/** A select of several items of another resource (an article's related products), bound to Formik. */
export function OptionMultiSelect({
  name,
  label,
  options,
  current = [],
  disabled,
  helperText,
}: OptionMultiSelectProps) {
  const [field, meta, helpers] = useField<number[]>(name);
  const id = `${name}-${useId()}`;
  const known = new Map<number, string>();
  for (const item of current) known.set(item.id, item.name);
  for (const option of options ?? [])
    known.set(option.id, option.status === 0 ? `${option.name} (${en.notActive})` : option.name);
  const error = meta.touched && meta.error ? String(meta.error) : undefined;
  return (
    <TextField
      id={id}
      select
      fullWidth
      label={label}
      name={name}
      value={field.value ?? []}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? helperText ?? ' '}
      data-field={name}
      onBlur={() => void helpers.setTouched(true)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as number[]).map((value) => known.get(value) ?? value).join(', '),
          onChange: (event) => void helpers.setValue((event.target.value as number[]).map(Number)),
        },
      }}
    >
      {[...known.entries()].map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}
