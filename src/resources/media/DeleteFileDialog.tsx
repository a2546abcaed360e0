import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useDeleteFileMutation } from '../../../store/mediaApi';
import { useNotify } from '../../hooks/useNotify';
import { format } from '../../shared/messages';
import { MEDIA_TEXT } from '../../shared/messages/media';
import type { MediaFile, MediaUsage } from '../../shared/resources/media';
import { MediaUsageList, usageWhere } from './MediaUsageList';

export interface DeleteFileDialogProps {
  file: Pick<MediaFile, 'id' | 'name'>;
  usages: readonly MediaUsage[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * The delete confirmation: the records the file is removed from. While a live item uses it the
 * server refuses the delete (409), so the dialog says so and offers no Delete.
 */
export function DeleteFileDialog({ file, usages, open, onClose, onDeleted }: DeleteFileDialogProps) {
  const [remove, { isLoading }] = useDeleteFileMutation();
  const notify = useNotify();
  const live = usages.filter((usage) => usage.live);
  const confirm = async () => {
    try {
      const { message } = await remove(file.id).unwrap();
      notify.success(message);
      onDeleted();
    } catch {
      // Refusals are toasted by the API slice.
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-file-title" fullWidth maxWidth="sm">
      <DialogTitle id="delete-file-title">{format(MEDIA_TEXT.deleteTitle, { name: file.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {live.length > 0 && (
            <Alert severity="error">
              {format(MEDIA_TEXT.deleteRefused, {
                records: live.map((usage) => `${usage.title} (${usageWhere(usage)})`).join(', '),
              })}
            </Alert>
          )}
          <DialogContentText>
            {usages.length ? MEDIA_TEXT.deleteUsers : MEDIA_TEXT.deleteUnused}
          </DialogContentText>
          {usages.length > 0 && <MediaUsageList usages={usages} links={false} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{MEDIA_TEXT.cancel}</Button>
        {live.length === 0 && (
          <Button color="error" variant="contained" disabled={isLoading} onClick={confirm}>
            {MEDIA_TEXT.delete}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
