import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router-dom';
import type { Dashboard } from '../../shared/contracts/dashboard';
import { format } from '../../shared/messages';
import { DASHBOARD_MESSAGES } from '../../shared/messages/dashboard';
import { ROUTES } from '../../shared/routes';

export interface AttentionCardProps {
  dashboard: Dashboard | undefined;
  /** New inbox messages, undefined without the inbox's read permission (or before they came). */
  newMessages: number | undefined;
  failed: boolean;
}

interface Line {
  key: string;
  text: string;
  path: string;
}

/** New, overdue and the caller's own inbox messages, content nobody touched in a year and new subscribers, each linking to its list. */
export function AttentionCard({ dashboard, newMessages, failed }: AttentionCardProps) {
  const lines: Line[] = [];
  const inbox = dashboard?.inbox;
  if (inbox?.overdue)
    lines.push({
      key: 'overdue',
      text:
        inbox.overdue === 1
          ? DASHBOARD_MESSAGES.overdueMessage
          : format(DASHBOARD_MESSAGES.overdueMessages, { count: inbox.overdue }),
      path: `${ROUTES.contactForms}?overdue=1&sort=due_at&order=asc`,
    });
  if (inbox?.mine)
    lines.push({
      key: 'mine',
      text:
        inbox.mine === 1
          ? DASHBOARD_MESSAGES.mineMessage
          : format(DASHBOARD_MESSAGES.mineMessages, { count: inbox.mine }),
      path: `${ROUTES.contactForms}?assignee=mine&states=new,read`,
    });
  if (newMessages)
    lines.push({
      key: 'inbox',
      text:
        newMessages === 1
          ? DASHBOARD_MESSAGES.newMessage
          : format(DASHBOARD_MESSAGES.newMessages, { count: newMessages }),
      path: ROUTES.contactForms,
    });
  for (const stale of dashboard?.stale ?? [])
    lines.push({
      key: `stale-${stale.key}`,
      text: format(DASHBOARD_MESSAGES.stale, { count: stale.count, item: stale.item }),
      // Oldest first: the list opens on what was left longest.
      path: `${stale.route}?sort=updated_at&order=asc`,
    });
  if (dashboard?.subscribers_added)
    lines.push({
      key: 'subscribers',
      text:
        dashboard.subscribers_added === 1
          ? DASHBOARD_MESSAGES.subscriberAdded
          : format(DASHBOARD_MESSAGES.subscribersAdded, { count: dashboard.subscribers_added }),
      path: ROUTES.subscribes,
    });

  const body = (() => {
    if (lines.length)
      return (
        <List dense disablePadding aria-label={DASHBOARD_MESSAGES.attentionTitle}>
          {lines.map((line) => (
            <ListItem key={line.key} disablePadding>
              <ListItemButton component={RouterLink} to={line.path}>
                <ListItemText primary={line.text} />
                <ChevronRight fontSize="small" color="action" />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      );
    if (failed) return <Typography color="text.secondary">{DASHBOARD_MESSAGES.failed}</Typography>;
    if (!dashboard) return <Skeleton variant="rounded" height={72} />;
    return <Typography color="text.secondary">{DASHBOARD_MESSAGES.attentionEmpty}</Typography>;
  })();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={DASHBOARD_MESSAGES.attentionTitle}
        slotProps={{ title: { variant: 'h3', component: 'h2' } }}
      />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
