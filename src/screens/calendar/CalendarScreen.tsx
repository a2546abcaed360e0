import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router-dom';
import { useCalendarQuery } from '../../../store/calendarApi';
import { useAuth } from '../../auth/AuthContext';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { en, format } from '../../shared/messages';
import { CALENDAR_MESSAGES as M } from '../../shared/messages/calendar';
import { hasPermission } from '../../shared/permissions';
import { ROUTES } from '../../shared/routes';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { CalendarGrid } from './CalendarGrid';
import { CalendarLegend } from './CalendarLegend';
import { CALENDAR_LEGEND } from './calendarStyles';
import { DAY_FORMAT, entriesByDay, parseDay, viewDays, type CalendarView } from './calendarDays';
import { entryLabel } from './CalendarEntry';
import { MoveDialog } from './MoveDialog';
import { useCalendarMove } from './useCalendarMove';

/** The view and day in the URL (`?view=week&day=2026-06-15`), and a way to change them. */
function useCalendarPlace() {
  const [params, setParams] = useSearchParams();
  const view: CalendarView = params.get('view') === 'week' ? 'week' : 'month';
  const day = parseDay(params.get('day'));
  const go = (next: { view?: CalendarView; day?: dayjs.Dayjs }) =>
    setParams({ view: next.view ?? view, day: (next.day ?? day).format(DAY_FORMAT) }, { replace: true });
  return { view, day, go };
}

/** The toolbar: the range's name as the page's heading, previous, today, next, and month or week. */
function CalendarToolbar({ place }: { place: ReturnType<typeof useCalendarPlace> }) {
  const { view, day, go } = place;
  const unit = view === 'week' ? M.week.toLowerCase() : M.month.toLowerCase();
  const heading =
    view === 'week'
      ? `${day.startOf('week').format('D MMM')} – ${day.endOf('week').format('D MMM YYYY')}`
      : day.format('MMMM YYYY');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        {M.title}: {heading}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => go({ day: day.subtract(1, view) })}>
          {format(M.previous, { view: unit })}
        </Button>
        <Button variant="outlined" onClick={() => go({ day: dayjs() })}>
          {M.today}
        </Button>
        <Button variant="outlined" onClick={() => go({ day: day.add(1, view) })}>
          {format(M.next, { view: unit })}
        </Button>
      </Stack>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={view}
        aria-label={M.view}
        onChange={(_event, next: CalendarView | null) => next && go({ view: next })}
      >
        <ToggleButton value="month">{M.month}</ToggleButton>
        <ToggleButton value="week">{M.week}</ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}

/** Items running across the whole range (neither going live nor ending in it). */
function RunningList({ items }: { items: CalendarItem[] }) {
  if (!items.length) return null;
  return (
    <Typography component="p" variant="body2">
      {M.running}: {items.map((item) => entryLabel(item)).join('; ')}
    </Typography>
  );
}

/**
 * The publishing calendar (issue 39): a month or a week of every dated item the user may read, on
 * its go-live and its end day, each a link to its record; drag one to another day, or use its Move
 * button, to move its dates (Undo in the toast).
 */
export function CalendarScreen() {
  const { user } = useAuth();
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: M.title }]);
  const place = useCalendarPlace();
  const days = useMemo(() => viewDays(place.view, place.day), [place.view, place.day]);
  const from = days[0].format(DAY_FORMAT);
  const to = days[days.length - 1].format(DAY_FORMAT);
  const { data, isError, isFetching } = useCalendarQuery({ from, to });
  const { byDay, running } = useMemo(() => entriesByDay(data?.items ?? [], from, to), [data, from, to]);
  const [moving, setMoving] = useState<CalendarItem | null>(null);
  const move = useCalendarMove();
  const held = user?.permissions;
  const mayMove = (item: CalendarItem) => hasPermission(held, `${item.group}.update`);
  const drop = (key: string, id: number, shift: number) => {
    const item = data?.items.find((candidate) => candidate.key === key && candidate.id === id);
    if (item && shift)
      void move(item, dayjs(item.date).add(shift, 'day').format(DAY_FORMAT)).catch(() => undefined);
  };
  const legend = CALENDAR_LEGEND.filter((resource) => hasPermission(held, resource.permission));
  const unit = place.view === 'week' ? M.week.toLowerCase() : M.month.toLowerCase();
  return (
    <Stack spacing={2}>
      <CalendarToolbar place={place} />
      <CalendarLegend resources={[...legend]} />
      <Typography variant="body2" color="text.secondary">
        {M.dragHint}
      </Typography>
      <Box sx={{ minHeight: 4 }}>{isFetching && <LinearProgress aria-label={M.title} />}</Box>
      {isError && <Alert severity="error">{M.failed}</Alert>}
      {data && !data.items.length && <Typography>{format(M.noItems, { view: unit })}</Typography>}
      <RunningList items={running} />
      <CalendarGrid
        days={days}
        month={place.view === 'month' ? place.day.month() : undefined}
        byDay={byDay}
        mayMove={mayMove}
        onMove={setMoving}
        onDrop={drop}
        label={M.title}
      />
      <MoveDialog item={moving} onClose={() => setMoving(null)} onMove={move} />
      <CalendarFeedPanel />
    </Stack>
  );
}
