import { useListAuditLogsQuery } from '../../../store/auditLogsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { auditLogsResource } from '../../shared/resources/auditLogs';
import { auditLogColumns } from './auditLogColumns';

export type AuditLogListScreenProps = {
  /** Render every row and column (jsdom has no layout). */
  disableVirtualization?: boolean;
};

/**
 * /setting/audit-log: who signed in, who changed which user, role or setting, who imported and
 * exported what. A list only (entries are never changed): filters by user, event, resource and
 * date range, search, export; each entry's details in a dialog, its record one click away.
 */
export function AuditLogListScreen({ disableVirtualization }: AuditLogListScreenProps) {
  return (
    <ResourceListPage
      contract={auditLogsResource}
      useList={useListAuditLogsQuery}
      columns={auditLogColumns}
      rowPath={null}
      addPath={null}
      cardFields={['kind', 'actor_name', 'resource', 'summary', 'details']}
      disableVirtualization={disableVirtualization}
    />
  );
}
