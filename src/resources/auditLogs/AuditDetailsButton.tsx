import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  AUDIT_KIND_LABELS,
  AUDIT_LABELS,
  resourceLabel,
  type AuditLogEntry,
} from '../../shared/resources/auditLogs';
import { formatAuditTime } from './auditFormat';

/** `fields` → `Fields`, `role_before` → `Role before`. */
const keyLabel = (key: string) => resourceLabel(key.replace(/_/g, '-'));

const valueText = (value: AuditLogEntry['details'][string]): string =>
  Array.isArray(value) ? value.join(', ') || '—' : value === null || value === '' ? '—' : String(value);

/** One label / value pair of the details. */
function Pair({ label, value }: { label: string; value: string }) {
  return (
    <Stack component="div" direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
        {value}
      </Typography>
    </Stack>
  );
}

export interface AuditDetailsButtonProps {
  entry: AuditLogEntry;
}

/** An entry's Details button and the dialog it opens: every field of the entry, its details spelled out. */
export function AuditDetailsButton({ entry }: AuditDetailsButtonProps) {
  const [open, setOpen] = useState(false);
  const details = Object.entries(entry.details);
  const title = `${AUDIT_KIND_LABELS[entry.kind]} · ${formatAuditTime(entry.created_at)}`;
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`${AUDIT_LABELS.view} ${AUDIT_LABELS.details.toLowerCase()}: ${AUDIT_KIND_LABELS[entry.kind]}, ${formatAuditTime(entry.created_at)}`}
        aria-haspopup="dialog"
      >
        {AUDIT_LABELS.view}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack component="dl" spacing={1} sx={{ m: 0 }}>
            <Pair label={AUDIT_LABELS.summary} value={entry.summary} />
            <Pair
              label={AUDIT_LABELS.user}
              value={[entry.actor_name, entry.actor_email].filter(Boolean).join(' · ') || '—'}
            />
            <Pair label={AUDIT_LABELS.ip} value={entry.ip ?? '—'} />
            {entry.resource && (
              <Pair
                label={AUDIT_LABELS.record}
                value={`${resourceLabel(entry.resource)}${entry.record_id ? ` #${entry.record_id}` : ''}`}
              />
            )}
            {details.map(([key, value]) => (
              <Pair key={key} label={keyLabel(key)} value={valueText(value)} />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{AUDIT_LABELS.close}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
