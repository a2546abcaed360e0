import dayjs from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { useField } from 'formik';
import { DATE_FORMATS, formatApiDate } from '../../../shared/formats';
import { DateLocalization } from './DateLocalization';

export interface DateFieldProps {
  /** The Formik field; its value is `YYYY-MM-DD`, or '' / null when empty. */
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
}

/** A date group's input (`dateGroup`): a date picker showing DD MMM YYYY, holding YYYY-MM-DD. */
export function DateField({ name, label, required, disabled }: DateFieldProps) {
  const [field, meta, helpers] = useField<string | null>(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  const value = field.value ? dayjs(field.value) : null;
  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={value}
        format={DATE_FORMATS.display}
        disabled={disabled}
        onChange={(date) => {
          // A half-typed date is kept as typed text by the picker; the field holds only whole days.
          void helpers.setValue(date && date.isValid() ? formatApiDate(date) : '');
        }}
        onClose={() => void helpers.setTouched(true)}
        slotProps={{
          textField: {
            name,
            // Marks the form field (as every bound input does) for the form coverage test.
            ...({ 'data-field': name } as object),
            required,
            fullWidth: true,
            error: Boolean(error),
            helperText: error ?? ' ',
            onBlur: () => void helpers.setTouched(true),
          },
          field: { clearable: !required },
        }}
      />
    </DateLocalization>
  );
}
