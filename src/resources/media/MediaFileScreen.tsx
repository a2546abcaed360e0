import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import { useNavigate } from 'react-router-dom';
import { useFileUsageQuery, useGetMediaQuery, useReplaceFileMutation } from '../../../store/mediaApi';
import { isApiError } from '../../../store/errorDisplay';
import { useAuth } from '../../auth/AuthContext';
import { NotFoundPage } from '../../components/feedback/MessagePage';
import { LoadErrorAlert } from '../../components/resource/formPageParts';
import { useRecordId } from '../../components/resource/useRecordId';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { useNotify } from '../../hooks/useNotify';
import { formatDisplayDate } from '../../shared/formats';
import { formatBytes, UPLOAD_LIMITS } from '../../shared/limits';
import { en } from '../../shared/messages';
import { MEDIA_TEXT } from '../../shared/messages/media';
import { SETTINGS_MESSAGES } from '../../shared/messages/settings';
import { hasPermission, PERMISSIONS } from '../../shared/permissions';
import type { MediaFile } from '../../shared/resources/media';
import { ROUTES } from '../../shared/routes';
import { DeleteFileDialog } from './DeleteFileDialog';
import { dimensionsOf, kindLabel, MediaThumbnail } from './mediaColumns';
import { MediaUsageList } from './MediaUsageList';

/** The file's facts: type, size, dimensions, alt text, who uploaded it and when. */
function FileFacts({ file }: { file: MediaFile }) {
  const facts: [string, string][] = [
    [MEDIA_TEXT.kind, `${kindLabel(file)} (${file.mime})`],
    [MEDIA_TEXT.size, formatBytes(file.size)],
    [MEDIA_TEXT.dimensions, dimensionsOf(file)],
    ...(file.kind === 'image' ? [[MEDIA_TEXT.alt, file.alt || MEDIA_TEXT.noAlt] as [string, string]] : []),
    [MEDIA_TEXT.uploader, file.uploader?.name ?? '—'],
    [MEDIA_TEXT.date, formatDisplayDate(file.created_at)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
      {facts.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Replace File: a file picker of the same kind; the server keeps the id, so every record follows. */
function ReplaceButton({ file }: { file: MediaFile }) {
  const input = useRef<HTMLInputElement>(null);
  const [replace, { isLoading }] = useReplaceFileMutation();
  const notify = useNotify();
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    try {
      const { message } = await replace({ id: file.id, file: chosen }).unwrap();
      notify.success(message);
    } catch {
      // Refusals are toasted by the API slice.
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileUploadIcon />}
        disabled={isLoading}
        onClick={() => input.current?.click()}
      >
        {MEDIA_TEXT.replace}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={MEDIA_TEXT.replace}
        data-testid="replace-file-input"
        accept={UPLOAD_LIMITS[file.kind].mimes.join(',')}
        onChange={picked}
      />
    </>
  );
}

/** The file itself: its picture, facts, where it is used, Replace and Delete as permitted. */
function FileDetails({ file }: { file: MediaFile }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const usage = useFileUsageQuery(file.id);
  const mayReplace = hasPermission(user?.permissions, PERMISSIONS.mediaUpdate);
  const mayDelete = hasPermission(user?.permissions, PERMISSIONS.mediaDestroy);
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between">
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Typography>
        <Stack direction="row" spacing={1} flexShrink={0}>
          {mayReplace && <ReplaceButton file={file} />}
          {mayDelete && (
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteIcon />}
              onClick={() => setDeleting(true)}
              disabled={!usage.data}
            >
              {MEDIA_TEXT.delete}
            </Button>
          )}
        </Stack>
      </Stack>
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            {file.kind === 'image' ? (
              <Box
                component="img"
                src={file.preview_url ?? file.url}
                alt={file.alt || file.name}
                sx={{
                  maxWidth: { xs: '100%', md: 400 },
                  maxHeight: 400,
                  objectFit: 'contain',
                  alignSelf: 'flex-start',
                }}
              />
            ) : (
              <MediaThumbnail file={file} size={96} />
            )}
            <FileFacts file={file} />
          </Stack>
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="file-usage-title">
        <CardContent>
          <Stack spacing={1}>
            <Typography id="file-usage-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
              {MEDIA_TEXT.usedBy}
            </Typography>
            {usage.data ? (
              <MediaUsageList usages={usage.data} />
            ) : (
              <LinearProgress aria-label={MEDIA_TEXT.usedBy} />
            )}
          </Stack>
        </CardContent>
      </Card>
      {usage.data && (
        <DeleteFileDialog
          file={file}
          usages={usage.data}
          open={deleting}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(ROUTES.media)}
        />
      )}
    </Stack>
  );
}

/** /setting/media/:id: one uploaded file, where it is used, replaced everywhere or deleted. */
export function MediaFileScreen() {
  const id = useRecordId();
  const badId = id === undefined || Number.isNaN(id);
  const { data, error, isLoading, refetch } = useGetMediaQuery(id ?? 0, { skip: badId });
  useBreadcrumbs([
    { label: en.dashboard, path: ROUTES.dashboard },
    { label: SETTINGS_MESSAGES.setting, disabled: true },
    { label: MEDIA_TEXT.title, path: ROUTES.media },
    { label: data?.name ?? MEDIA_TEXT.item },
  ]);
  if (badId || (isApiError(error) && error.status === 404)) return <NotFoundPage />;
  if (error) return <LoadErrorAlert error={error} onRetry={refetch} />;
  if (isLoading || !data) return <LinearProgress />;
  return <FileDetails file={data} />;
}
