import { useCallback, useState } from 'react';
import { isApiError, thrownErrorMessages } from '../../../store/errorDisplay';
import type { ExportFormat } from '../../../store/resourceApi';
import { useNotify } from '../../hooks/useNotify';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

/** The file formats of exports and import templates, with their button texts. */
export const FILE_FORMATS: readonly { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: LIST_SCREEN_MESSAGES.exportCsv },
  { format: 'xlsx', label: LIST_SCREEN_MESSAGES.exportXlsx },
];

export interface Download {
  /** True while a download runs. */
  busy: boolean;
  /** Runs a download (`downloadExport`, `downloadImportTemplate`, …); a refusal becomes toasts. */
  run: (download: () => Promise<unknown>) => Promise<void>;
}

/** The state and error display of an authenticated file download (export, import template). */
export function useDownload(): Download {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const run = useCallback(
    async (download: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await download();
      } catch (error) {
        // A 401 is said by the session dialog (the download was retried after it if it could be).
        if (isApiError(error) && error.status === 401) return;
        thrownErrorMessages(error).forEach(notify.error);
      } finally {
        setBusy(false);
      }
    },
    [notify],
  );
  return { busy, run };
}
