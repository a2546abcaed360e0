import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { downloadExport, type ExportFormat } from '../../../store/resourceApi';
import { useNotify } from '../../hooks/useNotify';
import { en, t } from '../../shared/messages';
import type { ListParams, ResourceContract } from '../../shared/resources/resource';
import { FILE_FORMATS, useDownload } from './useDownload';

export interface ExportMenuProps {
  contract: Pick<ResourceContract, 'group'>;
  /** The list's current filters and sort; the export applies them, without paging. */
  params: ListParams;
}

/**
 * Export as CSV or XLSX: downloads the file with the Bearer header; a notification says when it is
 * done, failures become toasts.
 */
export function ExportMenu({ contract, params }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { busy, run } = useDownload();
  const notify = useNotify();

  const download = (format: ExportFormat) => {
    setAnchor(null);
    void run(async () => {
      const file = await downloadExport(contract, params, format);
      // A long export finishes in the background: said as a notification (4.5 s), with the file's name.
      notify.notify({ severity: 'success', title: en.exportFinished, message: t('exportSaved', { file }) });
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
        {en.export}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {FILE_FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
