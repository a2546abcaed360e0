import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useCalendarFeedQuery,
  useCreateCalendarFeedMutation,
  useRevokeCalendarFeedMutation,
} from '../../../store/calendarApi';
import { TextInput } from '../../components/form/TextInput';
import { useNotify } from '../../hooks/useNotify';
import { CALENDAR_FEED_MONTHS } from '../../shared/contracts/calendar';
import { formatDateTime } from '../../shared/formats';
import { format } from '../../shared/messages';
import { CALENDAR_MESSAGES as M } from '../../shared/messages/calendar';

/** The user's own iCal feed: make an address (shown once), make a new one, or revoke it. */
export function CalendarFeedPanel() {
  const { data } = useCalendarFeedQuery();
  const [create, creating] = useCreateCalendarFeedMutation();
  const [revoke, revoking] = useRevokeCalendarFeedMutation();
  const [url, setUrl] = useState<string | null>(null);
  const notify = useNotify();
  const make = async () => {
    const answer = await create().unwrap();
    setUrl(answer.data.url);
    notify.success(M.feedCreated);
  };
  const end = async () => {
    await revoke().unwrap();
    setUrl(null);
    notify.success(M.feedRevoked);
  };
  return (
    <Paper component="section" aria-labelledby="calendar-feed" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="calendar-feed" variant="h4" component="h2">
          {M.feedTitle}
        </Typography>
        <Typography variant="body2">{format(M.feedHelp, CALENDAR_FEED_MONTHS)}</Typography>
        {url ? (
          <TextInput label={M.feedUrl} value={url} readOnly />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {data?.active ? format(M.feedActive, { date: formatDateTime(data.created_at) }) : M.feedNone}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            disabled={creating.isLoading}
            onClick={() => void make().catch(() => undefined)}
          >
            {data?.active ? M.feedReplace : M.feedCreate}
          </Button>
          {data?.active && (
            <Button
              color="error"
              disabled={revoking.isLoading}
              onClick={() => void end().catch(() => undefined)}
            >
              {M.feedRevoke}
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
