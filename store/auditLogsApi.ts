import { auditLogsResource } from '../src/shared/resources/auditLogs';
import { api } from './api';
import { resourceEndpoints } from './resourceApi';

/** The audit log slice (`/api/audit-logs`): the list only (entries are never changed). */
export const auditLogsApi = api.enhanceEndpoints({ addTagTypes: [auditLogsResource.tag] }).injectEndpoints({
  endpoints: (build) => ({
    listAuditLogs: resourceEndpoints(build, auditLogsResource).list,
  }),
});

export const { useListAuditLogsQuery } = auditLogsApi;
