import type { DragEvent } from 'react';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { Link as RouterLink } from 'react-router-dom';
import type { CalendarItem } from '../../shared/contracts/calendar';
import { format } from '../../shared/messages';
import { CALENDAR_MESSAGES } from '../../shared/messages/calendar';
import { PUBLISH_STATE_LABELS } from '../../shared/resources/publishing';
import { itemPath } from '../../shared/routes';
import { resourceStyle, stateStyle } from './calendarStyles';
import type { DayEntry } from './calendarDays';

/** What a drag carries: the item and the day it was picked up from (its go-live or its end day). */
export const DRAG_TYPE = 'application/x-calendar-item';

export interface CalendarEntryProps {
  entry: DayEntry;
  /** The day the entry is drawn on (where a drag starts from). */
  day: string;
  /** Opens the Move dialog; absent when the user may not update this resource. */
  onMove?: (item: CalendarItem) => void;
}

/** What an entry shows: its title and state, an arrow first on its end day. */
export const entryText = (item: CalendarItem, ends = false): string =>
  `${ends ? '→ ' : ''}${item.title} · ${PUBLISH_STATE_LABELS[item.publish_state]}`;

/**
 * The words an entry is read as: what it shows (so the name holds the visible text), what it is,
 * what happens that day, an overlap.
 */
export function entryLabel(item: CalendarItem, marks: readonly string[] = []): string {
  const happens = marks.map((mark) =>
    mark === 'starts' ? CALENDAR_MESSAGES.startsOn : CALENDAR_MESSAGES.endsOn,
  );
  const ends = marks.length === 1 && marks[0] === 'ends';
  return [
    entryText(item, ends),
    item.item,
    ...happens,
    ...(item.overlaps ? [CALENDAR_MESSAGES.overlaps] : []),
  ].join(', ');
}

/** One item on a day: a link to its record (draggable when it may move), its overlap mark and Move button. */
export function CalendarEntry({ entry, day, onMove }: CalendarEntryProps) {
  const { item, marks } = entry;
  const style = resourceStyle(item.key);
  const state = stateStyle(item.publish_state);
  const dragStart = (event: DragEvent) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ key: item.key, id: item.id, from: day }));
    event.dataTransfer.effectAllowed = 'move';
  };
  const ends = marks.length === 1 && marks[0] === 'ends';
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.25, minWidth: 0 }}>
      <Chip
        component={RouterLink}
        to={itemPath(item.route, item.id)}
        clickable
        size="small"
        color={style.color}
        variant={state.variant}
        icon={style.icon}
        aria-label={entryLabel(item, marks)}
        label={entryText(item, ends)}
        draggable={Boolean(onMove)}
        onDragStart={onMove ? dragStart : undefined}
        data-calendar-item={`${item.key}-${item.id}`}
        sx={{ maxWidth: '100%', justifyContent: 'flex-start', ...state.sx }}
      />
      {item.overlaps && (
        <WarningAmberIcon fontSize="small" color="warning" titleAccess={CALENDAR_MESSAGES.overlaps} />
      )}
      {onMove && (
        <IconButton
          size="small"
          aria-label={format(CALENDAR_MESSAGES.moveItem, { title: item.title })}
          onClick={() => onMove(item)}
        >
          <EditCalendarIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
