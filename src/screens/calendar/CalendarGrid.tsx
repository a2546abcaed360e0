import type { DragEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Dayjs } from 'dayjs';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { DAY_FORMAT, weeksOf, type DayEntry } from './calendarDays';
import { CalendarEntry, DRAG_TYPE } from './CalendarEntry';

export interface CalendarGridProps {
  days: Dayjs[];
  /** The month shown (its other days are dimmed); undefined in the week view. */
  month?: number;
  byDay: Map<string, DayEntry[]>;
  mayMove: (item: CalendarItem) => boolean;
  onMove: (item: CalendarItem) => void;
  /** A drop: the item carried and how many days later (or earlier) it was dropped. */
  onDrop: (key: string, id: number, days: number) => void;
  label: string;
}

const listSx = { listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 } as const;

/** One day's entries, a drop target for a dragged entry. */
function DayEntries({ day, ...props }: Omit<CalendarGridProps, 'days' | 'month' | 'label'> & { day: Dayjs }) {
  const key = day.format(DAY_FORMAT);
  const entries = props.byDay.get(key) ?? [];
  const over = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAG_TYPE)) event.preventDefault();
  };
  const drop = (event: DragEvent) => {
    const carried = event.dataTransfer.getData(DRAG_TYPE);
    if (!carried) return;
    event.preventDefault();
    const { key: resource, id, from } = JSON.parse(carried) as { key: string; id: number; from: string };
    props.onDrop(resource, id, day.diff(from, 'day'));
  };
  return (
    <Box onDragOver={over} onDrop={drop} data-day={key} sx={{ minHeight: 56 }}>
      {entries.length > 0 && (
        <Box component="ul" sx={listSx}>
          {entries.map((entry) => (
            <CalendarEntry
              key={`${entry.item.key}-${entry.item.id}`}
              entry={entry}
              day={key}
              onMove={props.mayMove(entry.item) ? props.onMove : undefined}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The days as a table of weeks (a column per weekday), or at phone width as a list of days. */
export function CalendarGrid({ days, month, label, ...props }: CalendarGridProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('md'));
  const isToday = (day: Dayjs) => day.isSame(new Date(), 'day');
  if (phone)
    return (
      <Box component="ol" aria-label={label} sx={{ ...listSx, gap: 1 }}>
        {days
          .filter((day) => month === undefined || day.month() === month)
          .map((day) => (
            <Box
              component="li"
              key={day.format(DAY_FORMAT)}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
            >
              <Typography component="div" fontWeight={isToday(day) ? 700 : 500}>
                {day.format('ddd D MMM')}
              </Typography>
              <DayEntries day={day} {...props} />
            </Box>
          ))}
      </Box>
    );
  return (
    <Box
      component="table"
      aria-label={label}
      sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}
    >
      <thead>
        <tr>
          {days.slice(0, 7).map((day) => (
            <Box
              component="th"
              scope="col"
              key={day.day()}
              sx={{ p: 0.5, textAlign: 'start', fontWeight: 600 }}
            >
              {day.format('ddd')}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(days).map((week) => (
          <tr key={week[0].format(DAY_FORMAT)}>
            {week.map((day) => (
              <Box
                component="td"
                key={day.format(DAY_FORMAT)}
                sx={{ border: 1, borderColor: 'divider', verticalAlign: 'top', p: 0.5 }}
              >
                <Typography
                  component="div"
                  variant="body2"
                  color={month === undefined || day.month() === month ? 'text.primary' : 'text.secondary'}
                  fontWeight={isToday(day) ? 700 : 400}
                  aria-current={isToday(day) ? 'date' : undefined}
                >
                  {day.format(month === undefined || day.date() === 1 ? 'D MMM' : 'D')}
                </Typography>
                <DayEntries day={day} {...props} />
              </Box>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
