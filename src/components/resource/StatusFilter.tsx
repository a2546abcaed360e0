import { LABELS } from '../../shared/messages';
import { STATUS_OPTIONS } from '../../shared/resources/resource';
import { OptionsFilter } from './OptionsFilter';

export interface StatusFilterProps {
  selected: readonly number[];
  onChange: (selected: number[]) => void;
}

/** Active (id 1) / Not Active (id 0), spec §2. */
export function StatusFilter({ selected, onChange }: StatusFilterProps) {
  return (
    <OptionsFilter
      label={LABELS.status}
      options={STATUS_OPTIONS}
      selected={selected}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}
