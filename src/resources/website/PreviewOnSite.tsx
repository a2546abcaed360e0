import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useCreatePreviewMutation, useRevokePreviewMutation } from '../../../store/websiteApi';
import { useAuth } from '../../auth/AuthContext';
import { useNotify } from '../../hooks/useNotify';
import { formatDateTime } from '../../shared/formats';
import { en, format } from '../../shared/messages';
import { hasPermission } from '../../shared/permissions';
import { WEBSITE_LABELS, type Preview, type PREVIEWABLE } from '../../shared/resources/website';

export interface PreviewOnSiteProps {
  /** The item's kind (its permission group: `news`, `products`, …). */
  resource: (typeof PREVIEWABLE)[number];
  id: number;
}

/**
 * "Preview on site" of an item the website shows, whatever its state: a preview token of this
 * item (an hour by default) and the website's preview address, opened in a new tab and shown as a
 * link with its end and a Revoke.
 */
export function PreviewOnSite({ resource, id }: PreviewOnSiteProps) {
  const [create, creating] = useCreatePreviewMutation();
  const [revoke] = useRevokePreviewMutation();
  const notify = useNotify();
  const [preview, setPreview] = useState<Preview | null>(null);
  const { user } = useAuth();
  const open = async () => {
    try {
      const { data } = await create({ resource, id }).unwrap();
      setPreview(data);
      if (data.url) window.open(data.url, '_blank', 'noopener');
    } catch {
      notify.error(en.serverError);
    }
  };
  const end = async () => {
    if (!preview) return;
    try {
      await revoke(preview.id).unwrap();
      notify.success(WEBSITE_LABELS.previewRevoked);
      setPreview(null);
    } catch {
      notify.error(en.serverError);
    }
  };
  // Who may change the item may preview it (the server checks the same).
  if (!hasPermission(user?.permissions, `${resource}.update`)) return null;
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Button type="button" variant="outlined" onClick={open} disabled={creating.isLoading}>
        {WEBSITE_LABELS.previewOnSite}
      </Button>
      {preview && (
        <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
            {preview.url ? (
              <>
                <span>
                  {format(WEBSITE_LABELS.previewReady, { time: formatDateTime(preview.expires_at) })}
                </span>
                <Link href={preview.url} target="_blank" rel="noopener">
                  {WEBSITE_LABELS.previewOpen}
                </Link>
              </>
            ) : (
              <span>{WEBSITE_LABELS.previewUnavailable}</span>
            )}
            <Button type="button" size="small" color="error" onClick={end}>
              {WEBSITE_LABELS.previewRevoke}
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
