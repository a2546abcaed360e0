import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { en } from '../../shared/messages';

export interface NewVersionBannerProps {
  onReload: () => void;
}

/**
 * "A new version is available — Reload": a bar at the bottom of the screen that covers nothing the
 * user works with and stays until they reload (the version check decides when it shows).
 */
export function NewVersionBanner({ onReload }: NewVersionBannerProps) {
  return (
    <Alert
      severity="info"
      variant="filled"
      role="status"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        boxShadow: 3,
        alignItems: 'center',
      }}
    >
      {en.newVersionAvailable} —{' '}
      <Button color="inherit" size="small" onClick={onReload} sx={{ ml: 0.5, textDecoration: 'underline' }}>
        {en.reload}
      </Button>
    </Alert>
  );
}
