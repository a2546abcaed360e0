import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { RecentChange } from '../../shared/contracts/dashboard';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../shared/formats';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { DASHBOARD_CARDS_MESSAGES as M } from '../../shared/messages/dashboardCards';
import { historyText } from '../../shared/messages/historyScreens';
import { itemPath } from '../../shared/routes';

export interface RecentChangesCardProps {
  /** The caller's latest changes, newest first; undefined while loading. */
  changes: RecentChange[] | undefined;
  failed: boolean;
}

/** The user's own last 10 changes (record history) in what they may read, each opening its record. */
export function RecentChangesCard({ changes, failed }: RecentChangesCardProps) {
  const body = (() => {
    if (failed) return <Typography color="text.secondary">{DASHBOARD_MESSAGES.failed}</Typography>;
    if (!changes) return <Skeleton variant="rounded" height={96} />;
    if (!changes.length) return <Typography color="text.secondary">{M.recentEmpty}</Typography>;
    return (
      <List dense disablePadding aria-label={M.recentTitle}>
        {changes.map((change, index) => {
          const values = {
            action: historyText.actions[change.action] ?? change.action,
            item: change.item,
            at: formatDateTime(change.at),
          };
          const text = (
            <ListItemText
              primary={change.title}
              secondary={format(change.deleted ? M.recentDeleted : M.recentLine, values)}
            />
          );
          return (
            // A deleted record has no page (its list's trash can restore it): not a link.
            <ListItem
              key={`${change.key}-${change.id}-${change.at}-${index}`}
              disablePadding={!change.deleted}
            >
              {change.deleted ? (
                text
              ) : (
                <ListItemButton component={RouterLink} to={itemPath(change.route, change.id)}>
                  {text}
                </ListItemButton>
              )}
            </ListItem>
          );
        })}
      </List>
    );
  })();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={M.recentTitle} slotProps={{ title: { variant: 'h3', component: 'h2' } }} />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
