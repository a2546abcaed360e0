import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useBreadcrumbs } from '../../hooks/useBreadcrumbs';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';

export interface MessagePageProps {
  /** The heading and the last breadcrumb. */
  title: string;
  text: string;
}

/** A screen of the app that only explains something (not found, no access), with a way home. */
export function MessagePage({ title, text }: MessagePageProps) {
  useBreadcrumbs([{ label: en.dashboard, path: ROUTES.dashboard }, { label: title }]);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <Button variant="contained" component={RouterLink} to={ROUTES.dashboard}>
        {en.backToHome}
      </Button>
    </Box>
  );
}

/** Any path no route matches, and a detail page whose item does not exist (spec §2 Other). */
export function NotFoundPage() {
  return <MessagePage title={en.notFoundTitle} text={en.notFoundText} />;
}

/** Shown instead of a screen whose permission the user does not hold. */
export function NoAccessPage() {
  return <MessagePage title={en.noAccessTitle} text={en.noAccessText} />;
}
