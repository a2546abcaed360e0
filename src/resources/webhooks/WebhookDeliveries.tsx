import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import {
  useListWebhookDeliveriesQuery,
  useResendWebhookDeliveryMutation,
  useSendWebhookTestMutation,
} from '../../../store/webhooksApi';
import { usePhone } from '../../hooks/usePhone';
import { useNotify } from '../../hooks/useNotify';
import {
  DELIVERY_STATE_LABELS,
  eventLabel,
  WEBHOOK_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
} from '../../shared/resources/webhooks';
import { formatWhen } from '../../components/resource/history/changes';

export interface WebhookDeliveriesProps {
  webhookId: number;
  /** The user may send (webhooks.update): Send Test and Resend are shown. */
  canSend: boolean;
}

const eventText = (event: string) =>
  event === WEBHOOK_TEST_EVENT ? WEBHOOK_LABELS.sendTest : eventLabel(event);

/** A webhook's delivery log (its newest 50), with Send Test and each delivery's Resend. */
export function WebhookDeliveries({ webhookId, canSend }: WebhookDeliveriesProps) {
  const phone = usePhone();
  const notify = useNotify();
  const { data, isFetching, refetch } = useListWebhookDeliveriesQuery(webhookId);
  const [sendTest, testing] = useSendWebhookTestMutation();
  const [resend] = useResendWebhookDeliveryMutation();

  const columns: GridColDef<WebhookDelivery>[] = [
    {
      field: 'event',
      headerName: WEBHOOK_LABELS.event,
      flex: 1.2,
      minWidth: 180,
      valueFormatter: (value: string) => eventText(value),
    },
    {
      field: 'state',
      headerName: WEBHOOK_LABELS.state,
      width: 110,
      valueFormatter: (value: WebhookDelivery['state']) => DELIVERY_STATE_LABELS[value],
    },
    {
      field: 'response',
      headerName: WEBHOOK_LABELS.response,
      flex: 1.4,
      minWidth: 200,
      valueGetter: (_value, row) =>
        [row.status_code, row.response].filter((part) => part !== null && part !== '').join(' '),
    },
    { field: 'attempts', headerName: WEBHOOK_LABELS.attempts, width: 100, type: 'number' },
    {
      field: 'last_attempt_at',
      headerName: WEBHOOK_LABELS.sentAt,
      width: 170,
      valueFormatter: (value: string | null) => (value ? formatWhen(value).absolute : ''),
    },
    ...(canSend
      ? [
          {
            field: 'actions',
            headerName: '',
            width: 110,
            sortable: false,
            renderCell: ({ row }) => (
              <Button
                type="button"
                size="small"
                aria-label={`${WEBHOOK_LABELS.resend} ${eventText(row.event)} ${row.message_id}`}
                onClick={() =>
                  void resend({ id: webhookId, deliveryId: row.id })
                    .unwrap()
                    .then(() => notify.success(WEBHOOK_LABELS.resent))
                }
              >
                {WEBHOOK_LABELS.resend}
              </Button>
            ),
          } satisfies GridColDef<WebhookDelivery>,
        ]
      : []),
  ];

  return (
    <Stack spacing={1.5} component="section" aria-labelledby="webhook-deliveries">
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap">
        <Typography id="webhook-deliveries" variant="h6" component="h2">
          {WEBHOOK_LABELS.deliveries}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button type="button" onClick={() => void refetch()}>
            {WEBHOOK_LABELS.refresh}
          </Button>
          {canSend && (
            <Button
              type="button"
              variant="outlined"
              disabled={testing.isLoading}
              onClick={() =>
                void sendTest(webhookId)
                  .unwrap()
                  .then(() => notify.success(WEBHOOK_LABELS.testSent))
              }
            >
              {WEBHOOK_LABELS.sendTest}
            </Button>
          )}
        </Stack>
      </Stack>
      <DataGrid<WebhookDelivery>
        aria-label={WEBHOOK_LABELS.deliveries}
        rows={data?.data ?? []}
        columns={columns}
        loading={isFetching}
        autoHeight
        hideFooter
        disableColumnFilter
        disableColumnMenu
        disableRowSelectionOnClick
        getRowHeight={phone ? () => 'auto' : undefined}
        localeText={{ noRowsLabel: WEBHOOK_LABELS.noDeliveries }}
      />
    </Stack>
  );
}
