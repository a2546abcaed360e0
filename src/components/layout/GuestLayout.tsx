import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { LoadingBlock } from '../feedback/LoadingBlock';
import { Logo } from './Logo';
import { redirectTarget } from './redirectTarget';
import { MAIN_ID, ScreenFocus } from './ScreenFocus';

export type GuestLayoutProps = Record<string, never>;

/**
 * Sign-in and password screens: a centred card. The one place that moves a signed-in user on (a
 * fresh sign-in included): to the page that asked for sign-in, else the dashboard.
 */
export function GuestLayout(_props: GuestLayoutProps) {
  const { phase } = useAuth();
  const location = useLocation();
  if (phase === 'loading') return <LoadingBlock fullHeight />;
  if (phase === 'auth') return <Navigate to={redirectTarget(location.state)} replace />;

  return (
    <Box
      component="main"
      id={MAIN_ID}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
            <Logo size="large" />
          </Box>
          <ScreenFocus titleFrom="heading" />
          <Outlet />
        </CardContent>
      </Card>
    </Box>
  );
}
