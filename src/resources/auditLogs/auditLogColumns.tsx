import { listColumns } from '../../components/resource/listColumns';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  auditLogsResource,
  AUDIT_KIND_LABELS,
  AUDIT_LABELS,
  resourceLabel,
  type AuditKind,
  type AuditLogEntry,
} from '../../shared/resources/auditLogs';
import { itemPath, ROUTES } from '../../shared/routes';
import { AuditDetailsButton } from './AuditDetailsButton';
import { formatAuditTime } from './auditFormat';

/** Where an entry's record opens: a detail page by id, or the one page of the resource. */
const RECORD_PAGES: Record<string, (id: number | null) => string | null> = {
  users: (id) => (id ? itemPath(ROUTES.users, id) : null),
  roles: (id) => (id ? itemPath(ROUTES.roles, id) : null),
  settings: () => ROUTES.company,
};

/** The page an entry links to, when its record still has one. */
export const recordPath = (entry: AuditLogEntry): string | null => {
  const page = entry.resource ? RECORD_PAGES[entry.resource] : undefined;
  if (!page) return null;
  if (entry.record_id !== null && !entry.record_exists) return null;
  return page(entry.record_id);
};

/** Failures and destructive events stand out; the rest are plain. */
const kindColor = (kind: AuditKind): 'error' | 'warning' | 'default' =>
  kind === 'sign-in.failed' || kind === 'token.reused'
    ? 'error'
    : kind.endsWith('.deleted') || kind === 'user.deactivated'
      ? 'warning'
      : 'default';

/** The audit log's columns; `field` names match the contract's sortable columns. */
export const auditLogColumns = listColumns(auditLogsResource, [
  {
    field: 'created_at',
    headerName: AUDIT_LABELS.time,
    width: 190,
    valueFormatter: (value: string) => formatAuditTime(value),
  },
  {
    field: 'kind',
    headerName: AUDIT_LABELS.event,
    width: 190,
    valueFormatter: (value: AuditKind) => AUDIT_KIND_LABELS[value],
    renderCell: ({ row }) => (
      <Stack justifyContent="center" sx={{ height: '100%' }}>
        <Chip
          size="small"
          variant="outlined"
          label={AUDIT_KIND_LABELS[row.kind]}
          color={kindColor(row.kind)}
          sx={{ alignSelf: 'flex-start', '& .MuiChip-label': { color: 'text.primary' } }}
        />
      </Stack>
    ),
  },
  {
    field: 'actor_name',
    headerName: AUDIT_LABELS.user,
    flex: 1,
    minWidth: 160,
    valueGetter: (_value, row) => row.actor_name ?? row.actor_email ?? '—',
    renderCell: ({ row }) => (
      <Stack justifyContent="center" sx={{ height: '100%', minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {row.actor_name ?? row.actor_email ?? '—'}
        </Typography>
        {row.actor_name && row.actor_email && (
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.actor_email}
          </Typography>
        )}
      </Stack>
    ),
  },
  {
    field: 'resource',
    headerName: AUDIT_LABELS.record,
    width: 130,
    valueGetter: (_value, row) =>
      row.resource ? `${resourceLabel(row.resource)}${row.record_id ? ` #${row.record_id}` : ''}` : '—',
    renderCell: ({ row, formattedValue, tabIndex }) => {
      const path = recordPath(row);
      const text = String(formattedValue ?? '');
      return (
        <Stack justifyContent="center" sx={{ height: '100%', minWidth: 0 }}>
          {path ? (
            <Link component={RouterLink} to={path} tabIndex={tabIndex} variant="body2" noWrap>
              {text}
            </Link>
          ) : (
            <Typography variant="body2" noWrap title={row.record_id ? AUDIT_LABELS.deletedRecord : undefined}>
              {text}
            </Typography>
          )}
        </Stack>
      );
    },
  },
  {
    field: 'summary',
    headerName: AUDIT_LABELS.summary,
    flex: 2,
    minWidth: 200,
    sortable: false,
    // One line in the grid (the whole text on hover and under View); wrapped on a phone's card.
    renderCell: ({ row }) => (
      <Box
        component="span"
        title={row.summary}
        sx={{
          display: 'block',
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {row.summary}
      </Box>
    ),
  },
  {
    field: 'details',
    headerName: AUDIT_LABELS.details,
    width: 90,
    sortable: false,
    valueGetter: () => '',
    renderCell: ({ row }) => (
      <Stack justifyContent="center" sx={{ height: '100%' }}>
        <AuditDetailsButton entry={row} />
      </Stack>
    ),
  },
]);
