import { lazy, Suspense, useState } from 'react';
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
import { DATE_FORMATS, datePresets } from '../../shared/formats';
import { t } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { DATE_FIELD_SX, DATE_RANGE_ENDS } from './dateRangeParts';
import { SCREEN_TEXT } from '../../shared/messages/screens';

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
  today: SCREEN_TEXT.today,
  yesterday: SCREEN_TEXT.yesterday,
  lastDays: (days: number) => t('lastDays', { days }),
  thisMonth: SCREEN_TEXT.thisMonth,
  thisYear: SCREEN_TEXT.thisYear,
};

// The pickers (MUI X's date pickers) in their own chunk: the filters come in after the list's first
// paint (ResourceListPage), so a list's first load neither fetches nor compiles them before its rows
// (issue #15).
const DateRangePickers = lazy(() =>
  import(/* webpackChunkName: "date-range-pickers" */ './DateRangePickers').then((m) => ({
    default: m.DateRangePickers,
  })),
);

/**
 * From / To date pickers and a menu of presets (Today … This Year); sent as YYYY-MM-DD.
 *
 * While the pickers' chunk loads, two read-only fields of the same look stand in. (A picker's field
 * puts the text selection right after each of its renders, which makes the browser lay the whole
 * page out there and then: drawn in the commit that first drew a list with its grid, that was most
 * of the time before the rows showed; the list now draws its filters after its rows, issue #15.)
 */
export function DateRangeFilter({ value, onChange }: DateRangeFilterProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (range: DateRange) => {
    setAnchor(null);
    onChange(range);
  };
  return (
    // Wraps on a narrow screen instead of running off its right edge.
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
      <Suspense fallback={<DateStandIns value={value} />}>
        <DateRangePickers value={value} onChange={onChange} />
      </Suspense>
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
  );
}

/** Read-only fields that look like the pickers, drawn until they are there. */
function DateStandIns({ value }: { value: DateRange }) {
  return DATE_RANGE_ENDS.map(({ end, label }) => (
    <TextField
      key={end}
      label={label}
      size="small"
      fullWidth={false}
      sx={DATE_FIELD_SX}
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
  ));
}
