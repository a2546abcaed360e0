import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  useForgetAllRememberedDevicesMutation,
  useForgetRememberedDeviceMutation,
  useListRememberedDevicesQuery,
} from '../../../store/rememberedDevicesApi';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { formatWhen } from '../../components/resource/history/changes';
import { useNotify } from '../../hooks/useNotify';
import { usePhone } from '../../hooks/usePhone';
import type { RememberedDevice } from '../../shared/contracts/rememberedDevices';
import { format } from '../../shared/messages';
import { REMEMBERED_DEVICE_MESSAGES as M } from '../../shared/messages/rememberedDevices';

export interface RememberedDevicesSectionProps {
  /** A user's devices (holders of users.update); without it, the caller's own. */
  userId?: number;
}

type Confirming = { kind: 'one'; device: RememberedDevice } | { kind: 'all' } | null;

const when = (value: string | null) => {
  if (!value) return M.never;
  const { absolute, relative } = formatWhen(value);
  return (
    <time dateTime={value} title={relative}>
      {absolute}
    </time>
  );
};

const browserOf = (device: RememberedDevice) => device.browser || M.unknown;
const systemOf = (device: RememberedDevice) => device.system || M.unknown;

function useColumns(phone: boolean, ask: (confirming: Confirming) => void) {
  return useMemo<GridColDef<RememberedDevice>[]>(() => {
    const actions: GridColDef<RememberedDevice> = {
      field: 'actions',
      headerName: M.forget,
      width: 120,
      sortable: false,
      renderCell: ({ row, tabIndex }) => (
        <Button
          size="small"
          color="error"
          tabIndex={tabIndex}
          aria-label={format(M.forgetOf, { browser: browserOf(row), system: systemOf(row) })}
          onClick={() => ask({ kind: 'one', device: row })}
        >
          {M.forget}
        </Button>
      ),
    };
    const column = (
      field: string,
      headerName: string,
      cell: (row: RememberedDevice) => ReactNode,
    ): GridColDef<RememberedDevice> => ({
      field,
      headerName,
      flex: 1,
      minWidth: 140,
      sortable: false,
      renderCell: ({ row }) => cell(row),
    });
    if (phone)
      return [
        column('browser', M.browser, (row) => (
          <Stack sx={{ py: 1, minWidth: 0 }}>
            <span>{browserOf(row)}</span>
            <Typography variant="caption" color="text.secondary">
              {systemOf(row)} · {row.ip}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {M.expires}: {when(row.expires_at)}
            </Typography>
          </Stack>
        )),
        actions,
      ];
    return [
      column('browser', M.browser, browserOf),
      column('system', M.system, systemOf),
      column('ip', M.address, (row) => row.ip),
      column('remembered_at', M.rememberedAt, (row) => when(row.remembered_at)),
      column('last_used_at', M.lastUsed, (row) => when(row.last_used_at)),
      column('expires_at', M.expires, (row) => when(row.expires_at)),
      actions,
    ];
  }, [phone, ask]);
}

/**
 * Browsers that skip the second step of the sign-in ("Remember this device for 30 days"): one row
 * each (browser, system, address, remembered, last used, expires), each with "Forget" (asked
 * first), and "Forget all". Beside Sessions in the profile.
 */
export function RememberedDevicesSection({ userId }: RememberedDevicesSectionProps) {
  const headingId = useId();
  const phone = usePhone();
  const notify = useNotify();
  const { data: devices = [], isFetching } = useListRememberedDevicesQuery(userId);
  const [forgetOne, forgettingOne] = useForgetRememberedDeviceMutation();
  const [forgetAll, forgettingAll] = useForgetAllRememberedDevicesMutation();
  const busy = forgettingOne.isLoading || forgettingAll.isLoading;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const columns = useColumns(phone, setConfirming);

  const confirm = async () => {
    if (!confirming) return;
    try {
      const { message } = await (
        confirming.kind === 'one' ? forgetOne({ userId, id: confirming.device.id }) : forgetAll(userId)
      ).unwrap();
      notify.success(message);
    } catch {
      // Toasted by the API slice (404 with its message).
    }
    setConfirming(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          justifyContent="space-between"
          alignItems={{ xs: 'stretch', sm: 'center' }}
        >
          <Typography variant="h2" id={headingId}>
            {M.title}
          </Typography>
          <Button
            variant="outlined"
            color="error"
            disabled={devices.length === 0 || busy}
            onClick={() => setConfirming({ kind: 'all' })}
          >
            {M.forgetAll}
          </Button>
        </Stack>
        <Typography color="text.secondary">{userId === undefined ? M.intro : M.userIntro}</Typography>
        <DataGrid<RememberedDevice>
          aria-labelledby={headingId}
          rows={devices}
          columns={columns}
          loading={isFetching}
          hideFooter
          disableColumnFilter
          disableColumnMenu
          disableRowSelectionOnClick
          getRowHeight={phone ? () => 'auto' : undefined}
          localeText={{ noRowsLabel: M.empty }}
          autoHeight
        />
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'one' ? M.confirmForgetTitle : M.confirmForgetAllTitle}
        text={M.confirmForgetText}
        confirmLabel={M.confirm}
        cancelLabel={M.cancel}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </Paper>
  );
}
