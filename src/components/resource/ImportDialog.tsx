import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { downloadImportTemplate, type ImportRequest, type ImportResponse } from '../../../store/resourceApi';
import { useNotify } from '../../hooks/useNotify';
import { en, success, format as formatText } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { transfer } from '../../shared/messages/transfer';
import { hasPermission } from '../../shared/permissions';
import { can, type ResourceContract } from '../../shared/resources/resource';
import { useAuth } from '../../auth/AuthContext';
import { useUndo } from './history/useUndo';
import { importErrors, type ImportErrorDisplay } from './importErrors';
import type { MutationHook } from './types';
import { FILE_FORMATS, useDownload } from './useDownload';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const IMPORT_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The resource imported: its group names the template's path, its item the title and message ('User'). */
  contract: Pick<ResourceContract, 'group' | 'item' | 'tag'>;
  useImport: MutationHook<ImportRequest, ImportResponse>;
}

/** The dialog's state: the file chosen, a dry run's counts or the failure, and its three actions. */
function useImportFlow(
  contract: ImportDialogProps['contract'],
  useImport: ImportDialogProps['useImport'],
  onClose: () => void,
) {
  const [upload, { isLoading }] = useImport();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<ImportErrorDisplay | null>(null);
  // What a dry run answered: the counts the import would write.
  const [checked, setChecked] = useState<ImportResponse['data'] | null>(null);
  const [checking, setChecking] = useState(false);
  const notify = useNotify();
  const undo = useUndo();
  const { user } = useAuth();
  const may = (action: 'update' | 'destroy') => hasPermission(user?.permissions, can(contract, action));

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFailure(null);
    setChecked(null);
  };
  const close = () => {
    choose(null);
    onClose();
  };

  const check = async () => {
    if (!file) return;
    choose(file);
    setChecking(true);
    try {
      const { data } = await upload({ file, dryRun: true }).unwrap();
      setChecked(data);
    } catch (error) {
      setFailure(importErrors(error));
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    if (!file) return;
    choose(file);
    try {
      const answer = await upload({ file }).unwrap();
      const text = answer.message || success.imported(contract.item);
      const importId = answer.import_id ?? answer.data.import_id;
      // An import runs a while and may finish after the user looked elsewhere: a notification,
      // offering Undo to those who may undo it (it deletes what it created, puts back what it updated).
      if (importId && may('destroy') && (!answer.data.updated || may('update')))
        undo.imported(contract, importId, LIST_SCREEN_MESSAGES.importFinished, text);
      else notify.notify({ severity: 'success', title: LIST_SCREEN_MESSAGES.importFinished, message: text });
      close();
    } catch (error) {
      setFailure(importErrors(error));
    }
  };
  return { file, failure, checked, checking, isLoading, choose, close, check, submit };
}

/** "Download a template": one button per file format, downloaded with the Bearer header. */
function TemplateLinks({ contract }: { contract: ImportDialogProps['contract'] }) {
  const template = useDownload();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Typography variant="body2" color="text.secondary">
        {CATALOGUE_MESSAGES.downloadTemplate}
      </Typography>
      {FILE_FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          size="small"
          variant="text"
          disabled={template.busy}
          startIcon={<FileDownloadIcon />}
          onClick={() => void template.run(() => downloadImportTemplate(contract, format))}
        >
          {formatText(CATALOGUE_MESSAGES.templateFormat, { format: label })}
        </Button>
      ))}
    </Stack>
  );
}

/** What the last check or import said: the counts a dry run would write, or the row errors. */
function ImportOutcome({
  checked,
  failure,
}: {
  checked: ImportResponse['data'] | null;
  failure: ImportErrorDisplay | null;
}) {
  return (
    <>
      {checked && (
        <Alert severity="success" role="status">
          <AlertTitle>{transfer.checkPassed}</AlertTitle>
          {transfer.wouldWrite(checked.created, checked.updated, checked.unchanged)}
        </Alert>
      )}
      {failure && (
        <Alert severity="error" role="alert">
          {failure.title && <AlertTitle>{failure.title}</AlertTitle>}
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {failure.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Stack>
        </Alert>
      )}
    </>
  );
}

/**
 * Picks a CSV or XLSX file and uploads it. The import endpoint is silent, so this dialog shows every
 * failure itself (a 422's row errors as a list); success closes it with the server's message. "Check
 * the file" sends it as a dry run (validated whole, nothing stored): the row errors, or how many rows
 * would be created and updated. A progress bar runs while the file is checked or imported. The
 * template (`GET /api/{group}/import-template`) is downloaded like an export, with the Bearer header.
 */
export function ImportDialog({ open, onClose, contract, useImport }: ImportDialogProps) {
  const { file, failure, checked, checking, isLoading, choose, close, check, submit } = useImportFlow(
    contract,
    useImport,
    onClose,
  );
  const titleId = useId();
  const inputId = useId();
  const progressId = useId();

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>
        {formatText(LIST_SCREEN_MESSAGES.importTitle, { item: contract.item })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{LIST_SCREEN_MESSAGES.importHint}</DialogContentText>
          <TemplateLinks contract={contract} />
          <Stack direction="row" spacing={2} alignItems="center">
            <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileIcon />}>
              {LIST_SCREEN_MESSAGES.chooseFile}
            </Button>
            <input
              id={inputId}
              type="file"
              hidden
              accept={IMPORT_ACCEPT}
              aria-label={LIST_SCREEN_MESSAGES.chooseFile}
              onChange={(event) => {
                choose(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Typography variant="body2" color="text.secondary" noWrap>
              {file?.name ?? SCREEN_TEXT.noFile}
            </Typography>
          </Stack>
          {isLoading && (
            <Stack spacing={0.5}>
              <Typography variant="body2" color="text.secondary" id={progressId}>
                {checking ? transfer.checking : transfer.importing}
              </Typography>
              <LinearProgress aria-labelledby={progressId} />
            </Stack>
          )}
          <ImportOutcome checked={checked} failure={failure} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isLoading}>
          {en.cancel}
        </Button>
        <Button onClick={() => void check()} disabled={!file || isLoading}>
          {transfer.checkFile}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={!file || isLoading}
          startIcon={isLoading && !checking ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {SCREEN_TEXT.upload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
