import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Link as RouterLink } from 'react-router-dom';
import type { SubscriberDay } from '../../shared/contracts/dashboard';
import { formatDisplayDate } from '../../shared/formats';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { DASHBOARD_CARDS_MESSAGES as M } from '../../shared/messages/dashboardCards';
import { ROUTES } from '../../shared/routes';

// Its own chunk (MUI X Charts and its d3 parts): loaded only when this card shows.
const SubscribersChart = lazy(() =>
  import(/* webpackChunkName: "charts" */ './SubscribersChart').then((m) => ({
    default: m.SubscribersChart,
  })),
);

const CHART_HEIGHT = 220;

export interface SubscribersCardProps {
  /** One entry per day, oldest first; undefined while loading. */
  days: SubscriberDay[] | undefined;
  failed: boolean;
}

/**
 * The subscribers added on each of the last 30 days: the total, a bar chart, and the same numbers
 * as a table (visually hidden until "Show the numbers", always read by screen readers).
 */
export function SubscribersCard({ days, failed }: SubscribersCardProps) {
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const body = (() => {
    if (failed) return <Typography color="text.secondary">{DASHBOARD_MESSAGES.failed}</Typography>;
    if (!days?.length) return <Skeleton variant="rounded" height={CHART_HEIGHT} />;
    const total = days.reduce((sum, day) => sum + day.count, 0);
    const range = {
      count: total,
      from: formatDisplayDate(days[0].date),
      to: formatDisplayDate(days.at(-1)!.date),
    };
    return (
      <>
        <Typography>{format(total === 1 ? M.subscriberTotal : M.subscribersTotal, range)}</Typography>
        <Box aria-hidden sx={{ height: CHART_HEIGHT }} data-testid="subscribers-chart">
          <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
            <SubscribersChart days={days} />
          </Suspense>
        </Box>
        <TableContainer
          id={tableId}
          // Shown, it scrolls: a named region the keyboard can reach and scroll.
          {...(tableShown ? { tabIndex: 0, role: 'region', 'aria-label': M.tableCaption } : {})}
          sx={tableShown ? { maxHeight: 320 } : visuallyHidden}
        >
          <Table size="small" stickyHeader>
            <caption style={visuallyHidden}>{M.tableCaption}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {M.day}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {M.added}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {days.map((day) => (
                <TableRow key={day.date}>
                  <TableCell component="th" scope="row">
                    {formatDisplayDate(day.date)}
                  </TableCell>
                  <TableCell align="right">{day.count}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </>
    );
  })();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={M.subscribersTitle} slotProps={{ title: { variant: 'h3', component: 'h2' } }} />
      <CardContent>{body}</CardContent>
      {days?.length && !failed ? (
        <CardActions>
          <Button
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown(!tableShown)}
          >
            {tableShown ? M.hideTable : M.showTable}
          </Button>
          <Button component={RouterLink} to={ROUTES.subscribes}>
            {M.openSubscribers}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
