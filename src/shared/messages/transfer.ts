/**
 * The texts of the import dialog's check and progress and of an export's progress: signed-in screens
 * only (kept out of messages.ts, which the guest screens load).
 */
import { formatBytes } from '../limits';
import { format } from '../messages';

const rows = (count: number): string => `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;

export const transfer = {
  checkFile: 'Check the file',
  checking: 'Checking the file…',
  importing: 'Importing…',
  checkPassed: 'The file has no errors; nothing was imported.',
  /** "1,200 rows would be created, 3 updated." (", 9,997 unchanged" when the file matched rows it leaves as they are) */
  wouldWrite: (created: number, updated: number, unchanged = 0): string =>
    format(
      unchanged
        ? '{created} would be created, {updated} updated, {unchanged} unchanged.'
        : '{created} would be created, {updated} updated.',
      {
        created: rows(created),
        updated: updated.toLocaleString('en'),
        unchanged: unchanged.toLocaleString('en'),
      },
    ),
  exporting: 'Exporting…',
  /** "12,000 of about 1,000,000 rows" (an estimated total says "about"). */
  exportedOf: (written: number, total: number | null, estimated: boolean): string =>
    total === null
      ? `${rows(written)} written`
      : `${written.toLocaleString('en')} of ${estimated ? 'about ' : ''}${rows(total)}`,
  exportedBytes: (bytes: number): string => `${formatBytes(bytes)} received`,
  cancelExport: 'Cancel export',
  exportCancelled: 'The export was cancelled.',
};
