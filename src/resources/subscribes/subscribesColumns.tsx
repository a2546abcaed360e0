import { listColumns } from '../../components/resource/listColumns';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { dateColumn } from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { SOURCE_LABELS } from '../../shared/resources/contactForms';
import {
  subscribesResource,
  SUBSCRIBE_LABELS,
  SUBSCRIBE_STATE_LABELS,
  type Subscriber,
} from '../../shared/resources/subscribes';

/** The subscriber list's columns (a list only: rows open nothing). */
export const subscribesColumns = listColumns(subscribesResource, [
  { field: 'email', headerName: LABELS.email, flex: 1.6, minWidth: 220 },
  {
    field: 'source',
    headerName: SUBSCRIBE_LABELS.source,
    width: 160,
    valueFormatter: (value: Subscriber['source']) => SOURCE_LABELS[value],
  },
  dateColumn<Subscriber>('created_at', SUBSCRIBE_LABELS.subscribed),
  {
    field: 'state',
    headerName: SUBSCRIBE_LABELS.state,
    width: 150,
    renderCell: ({ row }) => (
      <Stack justifyContent="center" sx={{ height: '100%' }}>
        <Chip
          size="small"
          variant="outlined"
          label={SUBSCRIBE_STATE_LABELS[row.state]}
          color={row.state === 'subscribed' ? 'success' : 'default'}
          sx={{ alignSelf: 'flex-start' }}
        />
      </Stack>
    ),
  },
  dateColumn<Subscriber>('confirmed_at', SUBSCRIBE_LABELS.confirmedAt),
  {
    field: 'consent_note',
    headerName: SUBSCRIBE_LABELS.consent,
    flex: 1,
    minWidth: 200,
    valueGetter: (_value: unknown, row: Subscriber) =>
      row.consent_note ?? [row.consent_wording, row.consent_ip].filter(Boolean).join(' · '),
  },
]);
