import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type NoAccessScreenProps = Record<string, never>;

/** Shown instead of a screen whose permission the user does not hold. */
export function NoAccessScreen(_props: NoAccessScreenProps) {
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: en.noAccessTitle }]);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {en.noAccessTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {en.noAccessText}
      </Typography>
      <Button variant="contained" component={RouterLink} to={ROUTES.dashboard}>
        {en.backToHome}
      </Button>
    </Box>
  );
}
