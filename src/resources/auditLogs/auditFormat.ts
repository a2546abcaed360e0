import dayjs from 'dayjs';

/** An entry's moment to the second: `24 Nov 2026 04:52:07` (local time). */
export const formatAuditTime = (value: string): string => dayjs(value).format('DD MMM YYYY HH:mm:ss');
