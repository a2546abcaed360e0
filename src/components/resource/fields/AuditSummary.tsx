import Typography from '@mui/material/Typography';
import { formatDisplayDate } from '../../../shared/formats';
import { t } from '../../../shared/messages';
import type { Ref } from '../../../shared/resources/wire';

/** An item with the audit group (`auditGroup.wire`). */
export interface Audited {
  created_at: string;
  updated_at: string;
  created_by: Ref | null;
  updated_by: Ref | null;
}

export const isAudited = (item: unknown): item is Audited =>
  item !== null &&
  typeof item === 'object' &&
  'created_at' in item &&
  'updated_at' in item &&
  'created_by' in item &&
  'updated_by' in item;

/** The audit group on a detail form: when and by whom the record was created and last changed. */
export function AuditSummary({ item }: { item: Audited }) {
  const line = (
    date: string,
    by: Ref | null,
    withName: 'createdBy' | 'updatedBy',
    without: 'createdOn' | 'updatedOn',
  ) =>
    by
      ? t(withName, { date: formatDisplayDate(date), name: by.name })
      : t(without, { date: formatDisplayDate(date) });
  return (
    <Typography variant="body2" color="text.secondary">
      {line(item.created_at, item.created_by, 'createdBy', 'createdOn')}
      {' · '}
      {line(item.updated_at, item.updated_by, 'updatedBy', 'updatedOn')}
    </Typography>
  );
}
