import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import CalendarIcon from '@mui/icons-material/CalendarToday';
import DateRangeIcon from '@mui/icons-material/DateRange';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useAfterPaint } from '../../hooks/useAfterPaint';
import { DATE_FORMATS, datePresets } from '../../shared/formats';
import { en, t } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

export interface DateRange {
  from: Dayjs | null;
  to: Dayjs | null;
}

export const EMPTY_DATE_RANGE: DateRange = { from: null, to: null };

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
}

const presetLabels = {
  today: en.today,
  yesterday: en.yesterday,
  lastDays: (days: number) => t('lastDays', { days }),
  thisMonth: en.thisMonth,
  thisYear: en.thisYear,
};

const ENDS = [
  { end: 'from', label: LIST_SCREEN_MESSAGES.dateFrom },
  { end: 'to', label: LIST_SCREEN_MESSAGES.dateTo },
] as const;

/**
 * Each field's width, the picker's and its stand-in's alike (the picker's own width for the display
 * format's placeholder, "DD MMMM YYYY"): the filters do not move when the pickers come in.
 */
const FIELD_SX = { width: 246 } as const;

/** Only complete, valid dates filter; a half-typed one is ignored until it is a date. */
const valid = (date: Dayjs | null): Dayjs | null => (date && date.isValid() ? date : null);

/**
 * From / To date pickers and a menu of presets (Today … This Year); sent as YYYY-MM-DD.
 *
 * The pickers come in right after the list's first paint; until then two read-only fields of the
 * same look stand in. A picker's field puts the text selection right after each of its renders,
 * which makes the browser lay the whole page out there and then: in the commit that first draws a
 * list with its grid, that was most of the time before the rows showed (issue #15).
 */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pickers = useAfterPaint();
  const pick = (range: DateRange) => {
    setAnchor(null);
    onChange(range);
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      {/* Wraps on a narrow screen instead of running off its right edge. */}
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        {ENDS.map(({ end, label }) =>
          pickers ? (
            <DatePicker
              key={end}
              label={label}
              value={value[end]}
              format={DATE_FORMATS.display}
              minDate={end === 'to' ? (value.from ?? undefined) : undefined}
              maxDate={end === 'from' ? (value.to ?? undefined) : undefined}
              onChange={(date) => onChange({ ...value, [end]: valid(date) })}
              slotProps={{ textField: { size: 'small', sx: FIELD_SX }, field: { clearable: true } }}
            />
          ) : (
            <TextField
              key={end}
              label={label}
              size="small"
              fullWidth={false}
              sx={FIELD_SX}
              value={value[end]?.format(DATE_FORMATS.display) ?? ''}
              slotProps={{
                htmlInput: { readOnly: true },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <CalendarIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
          ),
        )}
        <Tooltip title={LIST_SCREEN_MESSAGES.datePresets}>
          <IconButton
            aria-label={LIST_SCREEN_MESSAGES.datePresets}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <DateRangeIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {datePresets(dayjs(), presetLabels).map(({ key, label, range: [from, to] }) => (
            <MenuItem key={key} onClick={() => pick({ from: from.startOf('day'), to: to.startOf('day') })}>
              {label}
            </MenuItem>
          ))}
        </Menu>
      </Stack>
    </LocalizationProvider>
  );
}
