import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CALENDAR_MESSAGES as M } from '../../shared/messages/calendar';
import { PUBLISH_STATES, PUBLISH_STATE_LABELS } from '../../shared/resources/publishing';
import { resourceStyle, stateStyle } from './calendarStyles';

export interface CalendarLegendProps {
  /** The resources the user may read that have dates: key and what one record is called. */
  resources: { key: string; item: string }[];
}

const rowSx = { listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 } as const;

/** What each colour and icon stands for, how each state looks, and the overlap mark. */
export function CalendarLegend({ resources }: CalendarLegendProps) {
  return (
    <Box component="section" aria-labelledby="calendar-legend" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="calendar-legend" variant="h4" component="h2">
        {M.legend}
      </Typography>
      <Box component="ul" sx={rowSx}>
        {resources.map(({ key, item }) => (
          <li key={key}>
            <Chip size="small" color={resourceStyle(key).color} icon={resourceStyle(key).icon} label={item} />
          </li>
        ))}
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <WarningAmberIcon fontSize="small" color="warning" aria-hidden />
          <Typography variant="body2">{M.overlaps}</Typography>
        </Box>
      </Box>
      <Box component="ul" aria-label={M.states} sx={rowSx}>
        {PUBLISH_STATES.map((state) => (
          <li key={state}>
            <Chip size="small" {...stateStyle(state)} label={PUBLISH_STATE_LABELS[state]} />
          </li>
        ))}
      </Box>
    </Box>
  );
}
