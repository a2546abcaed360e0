import { useId, useRef, useState, type ChangeEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { useField } from 'formik';
import { useUploadFileMutation } from '../../../store/accountApi';
import type { FileObject } from '../../shared/contracts/account';
import { fieldErrors } from '../../shared/fieldErrors';
import { formatBytes, UPLOAD_LIMITS, type UploadKind } from '../../shared/limits';
import { LABELS, format, t } from '../../shared/messages';
import { avatarColor } from '../data/avatarColor';
import { FormTextField } from './FormTextField';
import { isApiError } from './serverErrors';
import { SCREEN_TEXT } from '../../shared/messages/screens';

type UploadTarget =
  | {
      /** An image (jpeg, png, webp). */
      kind?: 'image';
      /** The recommended size shown in the hint. */
      recommended: { width: number; height: number };
      /** 'avatar' shows a round photo with initials when empty; 'image' a framed preview. */
      preview?: 'avatar' | 'image';
    }
  | { kind: 'document'; recommended?: undefined; preview?: undefined };

export type UploadFieldProps = UploadTarget & {
  /** The Formik field; its value is the file id (or null). */
  name: string;
  label: string;
  /** The file the field's initial id refers to, for the preview. */
  initialFile?: FileObject | null;
  /**
   * The Formik field of the picture's alt text (`image_alt`): an 'Alt text' input right under the
   * picture, required while a picture is set (content and pages).
   */
  altName?: string;
  /** Shown inside an empty avatar (e.g. the user's initials). */
  placeholder?: string;
  disabled?: boolean;
};

/** Validates a picked file against the kind's limits; returns the message to show, or null. */
export function checkUpload(file: File, kind: UploadKind): string | null {
  const limits = UPLOAD_LIMITS[kind];
  if (!(limits.mimes as readonly string[]).includes(file.type)) return SCREEN_TEXT.uploadBadType;
  if (file.size > limits.maxBytes)
    return format(SCREEN_TEXT.uploadTooLarge, { size: formatBytes(limits.maxBytes) });
  return null;
}

/**
 * Upload an image or a document: checks type and size first, uploads with `POST /api/uploads`, and
 * sets the field to the returned file id, keeping the file itself for the preview.
 */
/**
 * What is off about a picture against its recommended size: smaller than recommended (it may look
 * blurred), or another shape (over 10% off the recommended aspect ratio: it may be cropped).
 */
export function imageSizeWarning(
  file: { width?: number | null; height?: number | null },
  recommended: { width: number; height: number },
): string | null {
  if (!file.width || !file.height) return null;
  const params = {
    width: file.width,
    height: file.height,
    rwidth: recommended.width,
    rheight: recommended.height,
  };
  if (file.width < recommended.width || file.height < recommended.height) return t('uploadTooSmall', params);
  const ratio = file.width / file.height / (recommended.width / recommended.height);
  if (ratio > 1.1 || ratio < 1 / 1.1) return t('uploadOtherShape', params);
  return null;
}

export function UploadField({
  name,
  label,
  kind = 'image',
  recommended,
  preview = 'image',
  initialFile = null,
  placeholder,
  disabled,
  altName,
}: UploadFieldProps) {
  const inputId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [field, meta, helpers] = useField<number | null>(name);
  const [uploaded, setUploaded] = useState<FileObject | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadFileMutation();
  const limits = UPLOAD_LIMITS[kind];

  const current =
    field.value == null
      ? null
      : uploaded?.id === field.value
        ? uploaded
        : initialFile?.id === field.value
          ? initialFile
          : null;
  const hint = recommended
    ? t('uploadHint', { ...recommended, size: formatBytes(limits.maxBytes) })
    : t('documentHint', { size: formatBytes(limits.maxBytes) });
  const error = localError ?? (meta.touched && meta.error ? meta.error : null);
  // A warning, never a refusal: the picture is stored as it is.
  const sizeWarning =
    kind === 'image' && recommended && current ? imageSizeWarning(current, recommended) : null;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Lets the same file be picked again after a failure.
    event.target.value = '';
    if (!file) return;
    const problem = checkUpload(file, kind);
    setLocalError(problem);
    if (problem) return;
    try {
      const stored = await upload({ file, kind }).unwrap();
      setUploaded(stored);
      await helpers.setValue(stored.id);
      await helpers.setTouched(true, false);
    } catch (failure) {
      // The base query has toasted the message; a 422 also names the problem under the field.
      if (isApiError(failure)) setLocalError(fieldErrors(failure.data).file ?? null);
    }
  };

  const onRemove = async () => {
    setLocalError(null);
    await helpers.setValue(null);
    await helpers.setTouched(true, false);
  };

  const upload_ = (
    <FormControl error={Boolean(error)} disabled={disabled} fullWidth data-field={name}>
      <FormLabel htmlFor={inputId}>{label}</FormLabel>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        {kind === 'image' && preview === 'avatar' && (
          <Avatar
            src={current?.url}
            alt={current ? label : undefined}
            sx={{ width: 72, height: 72, bgcolor: avatarColor(placeholder ?? label), color: '#ffffff' }}
          >
            {placeholder}
          </Avatar>
        )}
        {kind === 'image' && preview === 'image' && current && (
          <Box
            component="img"
            src={current.url}
            alt={current.alt ?? label}
            sx={{ maxWidth: 160, maxHeight: 96, borderRadius: 1, border: 1, borderColor: 'divider' }}
          />
        )}
        {kind === 'document' && (
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ minWidth: 0 }}>
            <InsertDriveFileOutlined fontSize="small" color="action" />
            {current ? (
              <Link href={current.url} target="_blank" rel="noopener" noWrap>
                {current.name}
              </Link>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {SCREEN_TEXT.noFile}
              </Typography>
            )}
          </Stack>
        )}
        <Stack direction="row" spacing={1}>
          {/* A real button that opens the file picker: a label styled as one is not reachable by Enter. */}
          <Button
            variant="outlined"
            size="small"
            disabled={disabled || isLoading}
            onClick={() => picker.current?.click()}
            startIcon={isLoading ? <CircularProgress size={14} color="inherit" /> : <UploadOutlined />}
          >
            {isLoading ? SCREEN_TEXT.uploading : SCREEN_TEXT.upload}
          </Button>
          <input
            ref={picker}
            id={inputId}
            hidden
            type="file"
            name={name}
            accept={limits.accept}
            aria-label={label}
            disabled={disabled || isLoading}
            onChange={onPick}
          />
          {field.value != null && (
            <Button
              variant="text"
              color="error"
              size="small"
              onClick={onRemove}
              disabled={disabled || isLoading}
              startIcon={<DeleteOutline />}
            >
              {SCREEN_TEXT.remove}
            </Button>
          )}
        </Stack>
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
      <FormHelperText error={false}>{hint}</FormHelperText>
      {sizeWarning && (
        <FormHelperText error={false} sx={{ color: 'warning.main' }} role="note">
          {sizeWarning}
        </FormHelperText>
      )}
    </FormControl>
  );
  if (!altName || kind !== 'image') return upload_;
  return (
    <Stack spacing={1.5}>
      {upload_}
      <FormTextField
        name={altName}
        label={LABELS.altText}
        required={field.value != null}
        disabled={disabled}
        helperText={t('altTextHint', { item: label.toLowerCase() })}
      />
    </Stack>
  );
}
