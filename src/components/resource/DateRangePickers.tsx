import type { Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DATE_FORMATS } from '../../shared/formats';
import type { DateRange } from './DateRangeFilter';
import { DateLocalization } from './fields/DateLocalization';
import { DATE_FIELD_SX, DATE_RANGE_ENDS } from './dateRangeParts';

export interface DateRangePickersProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

/** Only complete, valid dates filter; a half-typed one is ignored until it is a date. */
const valid = (date: Dayjs | null): Dayjs | null => (date && date.isValid() ? date : null);

/** DateRangeFilter's From and To pickers, each bounded by the other end. */
export function DateRangePickers({ value, onChange }: DateRangePickersProps) {
  return (
    <DateLocalization>
      {DATE_RANGE_ENDS.map(({ end, label }) => (
        <DatePicker
          key={end}
          label={label}
          value={value[end]}
          format={DATE_FORMATS.display}
          minDate={end === 'to' ? (value.from ?? undefined) : undefined}
          maxDate={end === 'from' ? (value.to ?? undefined) : undefined}
          onChange={(date) => onChange({ ...value, [end]: valid(date) })}
          slotProps={{ textField: { size: 'small', sx: DATE_FIELD_SX }, field: { clearable: true } }}
        />
      ))}
    </DateLocalization>
  );
}
