import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useId, useMemo, useState } from 'react';
import {
  useEndAccountSessionMutation,
  useEndAllUserSessionsMutation,
  useEndOtherAccountSessionsMutation,
  useEndUserSessionMutation,
  useListAccountSessionsQuery,
  useListUserSessionsQuery,
} from '../../../store/sessionsApi';
import { useNotify } from '../../hooks/useNotify';
import { usePhone } from '../../hooks/usePhone';
import type { Session } from '../../shared/contracts/sessions';
import { format } from '../../shared/messages';
import { SESSION_MESSAGES as M } from '../../shared/messages/sessions';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { formatWhen } from '../../components/resource/history/changes';

export interface SessionsPanelProps {
  /** A user's sessions (Users › a user, holders of users.update); without it, the caller's own. */
  userId?: number;
}

type Confirming = { kind: 'one'; session: Session } | { kind: 'all' } | null;

const when = (value: string) => {
  const { absolute, relative } = formatWhen(value);
  return (
    <time dateTime={value} title={relative}>
      {absolute}
    </time>
  );
};

const browserOf = (session: Session) => session.browser || M.unknown;
const systemOf = (session: Session) => session.system || M.unknown;

/**
 * Where someone is signed in: one row per live session (browser, system, address, signed in, last
 * used), the current one marked, each with "End session" (asked first), and "End all other
 * sessions" (one's own) or "End all sessions" (a user's). Ending one signs it out at once.
 */
export function SessionsPanel({ userId }: SessionsPanelProps) {
  const own = userId === undefined;
  const headingId = useId();
  const phone = usePhone();
  const notify = useNotify();
  const mine = useListAccountSessionsQuery(undefined, { skip: !own });
  const theirs = useListUserSessionsQuery(userId ?? 0, { skip: own });
  const { data: sessions = [], isFetching } = own ? mine : theirs;
  const [endMine, endingMine] = useEndAccountSessionMutation();
  const [endOthers, endingOthers] = useEndOtherAccountSessionsMutation();
  const [endTheirs, endingTheirs] = useEndUserSessionMutation();
  const [endAll, endingAll] = useEndAllUserSessionsMutation();
  const busy =
    endingMine.isLoading || endingOthers.isLoading || endingTheirs.isLoading || endingAll.isLoading;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const endable = sessions.filter((session) => !session.current);

  const confirm = async () => {
    if (!confirming) return;
    try {
      if (confirming.kind === 'one') {
        const id = confirming.session.id;
        const { message } = await (own ? endMine(id) : endTheirs({ userId, id })).unwrap();
        notify.success(message);
      } else {
        const { message } = await (own ? endOthers() : endAll(userId)).unwrap();
        notify.success(message);
      }
    } catch {
      // Toasted by the API slice (404 with its message).
    }
    setConfirming(null);
  };

  const columns = useMemo<GridColDef<Session>[]>(() => {
    const browserCell = (session: Session) => (
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0, py: 1 }}>
        <span>{browserOf(session)}</span>
        {session.current && <Chip size="small" color="primary" label={M.current} />}
      </Stack>
    );
    const actions: GridColDef<Session> = {
      field: 'actions',
      headerName: M.endSession,
      width: phone ? 130 : 160,
      sortable: false,
      renderCell: ({ row, tabIndex }) =>
        row.current ? null : (
          <Button
            size="small"
            color="error"
            startIcon={<LogoutIcon />}
            tabIndex={tabIndex}
            aria-label={format(M.endSessionOf, { browser: browserOf(row), system: systemOf(row) })}
            onClick={() => setConfirming({ kind: 'one', session: row })}
          >
            {M.endSession}
          </Button>
        ),
    };
    if (phone)
      return [
        {
          field: 'browser',
          headerName: M.browser,
          flex: 1,
          minWidth: 150,
          sortable: false,
          renderCell: ({ row }) => (
            <Stack sx={{ py: 1, minWidth: 0 }}>
              {browserCell(row)}
              <Typography variant="caption" color="text.secondary">
                {systemOf(row)} · {row.ip}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {M.lastUsed}: {when(row.last_used_at)}
              </Typography>
            </Stack>
          ),
        },
        actions,
      ];
    return [
      {
        field: 'browser',
        headerName: M.browser,
        flex: 1.2,
        minWidth: 170,
        sortable: false,
        renderCell: ({ row }) => browserCell(row),
      },
      {
        field: 'system',
        headerName: M.system,
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueGetter: (_v, row) => systemOf(row),
      },
      { field: 'ip', headerName: M.address, flex: 1, minWidth: 120, sortable: false },
      {
        field: 'signed_in_at',
        headerName: M.signedIn,
        flex: 1.1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => when(row.signed_in_at),
      },
      {
        field: 'last_used_at',
        headerName: M.lastUsed,
        flex: 1.1,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => when(row.last_used_at),
      },
      actions,
    ];
  }, [phone]);

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
            disabled={endable.length === 0 || busy}
            onClick={() => setConfirming({ kind: 'all' })}
          >
            {own ? M.endOthers : M.endAll}
          </Button>
        </Stack>
        <Typography color="text.secondary">{own ? M.intro : M.userIntro}</Typography>
        <DataGrid<Session>
          aria-labelledby={headingId}
          rows={sessions}
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
        title={
          confirming?.kind === 'one'
            ? M.confirmEndTitle
            : own
              ? M.confirmEndOthersTitle
              : M.confirmEndAllTitle
        }
        text={M.confirmEndText}
        confirmLabel={M.confirm}
        cancelLabel={M.cancel}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
    </Paper>
  );
}
