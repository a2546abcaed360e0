import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { downloadExport, type DownloadProgress, type ExportFormat } from '../../../store/resourceApi';
import { useNotify } from '../../hooks/useNotify';
import { format as formatText } from '../../shared/messages';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { transfer } from '../../shared/messages/transfer';
import type { ListParams, ResourceContract } from '../../shared/resources/resource';
import { FILE_FORMATS, useDownload } from './useDownload';
import { SCREEN_TEXT } from '../../shared/messages/screens';

/** An export still running after this long shows its progress and a cancel button. */
export const EXPORT_PROGRESS_AFTER_MS = 700;

export interface ExportMenuProps {
  contract: Pick<ResourceContract, 'group'>;
  /** The list's current filters and sort; the export applies them, without paging. */
  params: ListParams;
}

/** What the progress panel says: rows of the total (CSV), or bytes received (XLSX). */
function progressText(progress: DownloadProgress | null): string {
  if (!progress) return transfer.exporting;
  if (progress.rows === null) return transfer.exportedBytes(progress.bytes);
  return transfer.exportedOf(progress.rows, progress.total, progress.estimated);
}

/** The panel of an export that takes more than a moment: rows written of the total, and Cancel. */
function ExportProgress({
  open,
  progress,
  onCancel,
}: {
  open: boolean;
  progress: DownloadProgress | null;
  onCancel: () => void;
}) {
  const labelId = useId();
  const percent =
    progress?.rows != null && progress.total ? Math.min(100, (100 * progress.rows) / progress.total) : null;
  return (
    <Snackbar open={open} anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Paper
        elevation={6}
        role="status"
        aria-labelledby={labelId}
        sx={{
          p: 2,
          width: { xs: 'calc(100vw - 32px)', sm: 360 },
          display: 'flex',
          gap: 2,
          alignItems: 'center',
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={labelId} variant="body2" noWrap>
            {progressText(progress)}
          </Typography>
          <LinearProgress
            sx={{ mt: 1 }}
            aria-labelledby={labelId}
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? undefined}
          />
        </Box>
        <Button size="small" onClick={onCancel}>
          {transfer.cancelExport}
        </Button>
      </Paper>
    </Snackbar>
  );
}

/**
 * Export as CSV or XLSX: downloads the file with the Bearer header; a notification says when it is
 * done, failures become toasts. An export that takes more than a moment shows a panel with a progress
 * bar (rows written of the total the server announces) and a Cancel button, which aborts the request
 * (the server then stops reading).
 */
export function ExportMenu({ contract, params }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { busy, run } = useDownload();
  const notify = useNotify();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [slow, setSlow] = useState(false);
  const running = useRef<AbortController | null>(null);
  // The timer of the panel is cleared with the component.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const download = (format: ExportFormat) => {
    setAnchor(null);
    const controller = new AbortController();
    running.current = controller;
    setProgress(null);
    timer.current = setTimeout(() => setSlow(true), EXPORT_PROGRESS_AFTER_MS);
    void run(async () => {
      try {
        const file = await downloadExport(contract, params, format, {
          signal: controller.signal,
          onProgress: setProgress,
        });
        // A long export finishes in the background: said as a notification (4.5 s), with the file's name.
        notify.notify({
          severity: 'success',
          title: LIST_SCREEN_MESSAGES.exportFinished,
          message: formatText(LIST_SCREEN_MESSAGES.exportSaved, { file }),
        });
      } catch (error) {
        if (controller.signal.aborted) notify.info(transfer.exportCancelled);
        else throw error;
      } finally {
        clearTimeout(timer.current);
        running.current = null;
        setSlow(false);
      }
    });
  };

  return (
    <>
      <Button
        variant="outlined"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <FileDownloadIcon />}
        aria-haspopup="menu"
      >
        {SCREEN_TEXT.export}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FILE_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
      <ExportProgress open={busy && slow} progress={progress} onCancel={() => running.current?.abort()} />
    </>
  );
}
