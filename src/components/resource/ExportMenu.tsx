import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { downloadExport, type ExportFormat } from '../../../store/resourceApi';
import { errorMessages } from '../../../store/errorDisplay';
import { useNotify } from '../../hooks/useNotify';
import { en } from '../../shared/messages';
import type { ListParams, ResourceContract } from '../../shared/resources/resource';
import { isApiError } from '../form';

export interface ExportMenuProps {
  contract: Pick<ResourceContract, 'group'>;
  /** The list's current filters and sort; the export applies them, without paging. */
  params: ListParams;
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: en.exportCsv },
  { format: 'xlsx', label: en.exportXlsx },
];

/** Export as CSV or XLSX: downloads the file with the Bearer header; failures become toasts. */
export function ExportMenu({ contract, params }: ExportMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const notify = useNotify();

  const download = async (format: ExportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadExport(contract, params, format);
    } catch (error) {
      const messages = isApiError(error)
        ? errorMessages(error.status, error.data)
        : errorMessages(undefined, undefined);
      messages.forEach(notify.error);
    } finally {
      setBusy(false);
    }
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
        {FORMATS.map(({ format, label }) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
