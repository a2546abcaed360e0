import { lazy, Suspense, useId } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import { historyText } from '../../../shared/messages/historyScreens';
import type { HistoryTimelineProps } from './HistoryTimeline';

// Its own chunk (the timeline, the word differences of jsdiff, relative times): loaded when opened.
const HistoryTimeline = lazy(() =>
  import(/* webpackChunkName: "history" */ './HistoryTimeline').then((m) => ({
    default: m.HistoryTimeline,
  })),
);

export interface HistoryPanelProps extends HistoryTimelineProps {
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

/**
 * The "History" panel of a detail form: closed at first; opening it loads the timeline (and only
 * then asks for the revisions). Its state is the page's, so a restore that reloads the form leaves
 * it open on the refreshed history.
 */
export function HistoryPanel({ expanded, onExpandedChange, ...timeline }: HistoryPanelProps) {
  const headerId = useId();
  return (
    <Accordion
      variant="outlined"
      disableGutters
      expanded={expanded}
      onChange={(_event, open) => onExpandedChange(open)}
      slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h2' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={headerId}
        sx={{ '& .MuiAccordionSummary-content': { alignItems: 'center' } }}
      >
        <HistoryIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
        <Typography component="span" variant="subtitle1">
          {historyText.history}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Suspense fallback={<LinearProgress />}>
          <HistoryTimeline {...timeline} />
        </Suspense>
      </AccordionDetails>
    </Accordion>
  );
}
