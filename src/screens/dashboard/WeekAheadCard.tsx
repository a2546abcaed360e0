import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Dashboard } from '../../shared/contracts/dashboard';
import { formatDisplayDate } from '../../shared/formats';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { itemPath } from '../../shared/routes';

export interface WeekAheadCardProps {
  week: Dashboard['week'] | undefined;
  failed: boolean;
}

/** What goes live or ends in the next 7 days, across the content the user may read, by date. */
export function WeekAheadCard({ week, failed }: WeekAheadCardProps) {
  const body = (() => {
    if (failed) return <Typography color="text.secondary">{DASHBOARD_MESSAGES.failed}</Typography>;
    if (!week) return <Skeleton variant="rounded" height={96} />;
    if (!week.changes.length)
      return (
        <Typography color="text.secondary">
          {format(DASHBOARD_MESSAGES.weekEmpty, {
            from: formatDisplayDate(week.from),
            to: formatDisplayDate(week.to),
          })}
        </Typography>
      );
    return (
      <List dense disablePadding aria-label={DASHBOARD_MESSAGES.weekTitle}>
        {week.changes.map((change) => {
          const label = change.change === 'ends' ? DASHBOARD_MESSAGES.ends : DASHBOARD_MESSAGES.goesLive;
          const date = formatDisplayDate(change.date);
          return (
            <ListItem key={`${change.key}-${change.id}-${change.change}`} disablePadding>
              <ListItemButton component={RouterLink} to={itemPath(change.route, change.id)}>
                <ListItemText primary={change.title} secondary={`${change.item} · ${date}`} />
                <Chip
                  size="small"
                  label={label}
                  color={change.change === 'ends' ? 'default' : 'primary'}
                  variant="outlined"
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    );
  })();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={DASHBOARD_MESSAGES.weekTitle}
        slotProps={{ title: { variant: 'h3', component: 'h2' } }}
      />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
