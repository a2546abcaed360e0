import MenuItem from '@mui/material/MenuItem';
import { LABELS } from '../../../shared/messages';
import { STATUS_OPTIONS } from '../../../shared/resources/resource';
import { FormSelectField } from '../../form';

export interface StatusFieldProps {
  /** The Formik field (default `status`). */
  name?: string;
  disabled?: boolean;
  helperText?: string;
}

/** A resource form's required Status select: Active (1) / Not Active (0), spec §3. */
export function StatusField({ name = 'status', disabled, helperText }: StatusFieldProps) {
  return (
    <FormSelectField name={name} label={LABELS.status} required disabled={disabled} helperText={helperText}>
      {STATUS_OPTIONS.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {option.label}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}
