import MenuItem from '@mui/material/MenuItem';
import { FormSelectField } from '../../components/form';
import { en } from '../../shared/messages';
import type { OptionItem } from '../../shared/resources/resource';

export interface OptionSelectProps {
  /** The Formik field holding the picked id (`brand_id`). */
  name: string;
  label: string;
  /** Every item of the other resource (`GET /api/<group>/options`); undefined while they load. */
  options: readonly OptionItem[] | undefined;
  /** The edited item's own choice (`product.brand`), listed even before or without the options. */
  current?: { id: number; name: string } | null;
  /** The text of the empty choice ('None'); without it there is none. */
  emptyLabel?: string;
  required?: boolean;
  disabled?: boolean;
}

/** An option's text: an item that is switched off says so, so nobody picks it by mistake. */
const optionText = (option: OptionItem) =>
  option.status === 0 ? `${option.name} (${en.notActive})` : option.name;

/** A select of another resource's items (a product's brand, a user's role), bound to the enclosing Formik form. */
export function OptionSelect({
  name,
  label,
  options,
  current,
  emptyLabel,
  required,
  disabled,
}: OptionSelectProps) {
  // The current choice is an option before (or even without) the fetched ones, so the select never
  // holds a value it has no option for.
  const items =
    !current || options?.some((option) => option.id === current.id)
      ? (options ?? [])
      : [{ id: current.id, name: current.name }, ...(options ?? [])];
  return (
    <FormSelectField name={name} label={label} required={required} disabled={disabled}>
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {items.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {optionText(option)}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}
