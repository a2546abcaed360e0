import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export type NotFoundScreenProps = Record<string, never>;

/** Any path no route matches (spec §2 Other). */
export function NotFoundScreen(_props: NotFoundScreenProps) {
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: en.notFoundTitle }]);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {en.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {en.notFoundText}
      </Typography>
      <Button variant="contained" component={RouterLink} to={ROUTES.dashboard}>
        {en.backToHome}
      </Button>
    </Box>
  );
}
