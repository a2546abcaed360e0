import { Suspense, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import { filterMenu, MENU } from '../../shared/menu';
import { ROUTES } from '../../shared/routes';
import { LoadingBlock } from '../feedback/LoadingBlock';
import { SideMenu } from '../navigation/SideMenu';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { Header } from './Header';
import { MAIN_ID, ScreenFocus, SkipLink } from './ScreenFocus';
import { SessionDialog } from './SessionDialog';

/** Width of the permanent sidebar on desktop. */
const SIDEBAR_WIDTH = 256;

export interface AppLayoutProps {
  /** Shown in the header beside the account menu while signed in (the shell's Search everything). */
  headerActions?: ReactNode;
}

/** A route's `handle` that AppLayout reads. */
export interface ShellRouteHandle {
  /**
   * Shown signed out too, without the shell (the 404 page: spec §2 "any other path"); every other
   * route of the authenticated area sends a visitor to /login.
   */
  openToGuests?: boolean;
}

const openToGuests = (handle: unknown): boolean =>
  Boolean((handle as ShellRouteHandle | undefined)?.openToGuests);

/** The signed-in shell: header, side menu, breadcrumbs and the current screen. */
export function AppLayout({ headerActions }: AppLayoutProps) {
  const { phase, user } = useAuth();
  const location = useLocation();
  const guestScreen = useMatches().some((match) => openToGuests(match.handle));
  const permissions = user?.permissions;
  const menus = useMemo(() => filterMenu(MENU, permissions), [permissions]);

  if (phase === 'loading') return <LoadingBlock fullHeight />;
  if (phase === 'no-auth' && guestScreen)
    return (
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ minHeight: '100vh', '&:focus': { outline: 'none' } }}
      >
        <ScreenFocus titleFrom="heading" />
        <Outlet />
      </Box>
    );
  if (phase === 'no-auth')
    return (
      <Navigate
        to={ROUTES.login}
        replace
        state={{ from: location.pathname + location.search + location.hash }}
      />
    );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <ScreenFocus titleFrom="breadcrumbs" />
      <Header menus={menus} actions={headerActions} />
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <SideMenu menus={menus} mode="inline" />
      </Drawer>
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, '&:focus': { outline: 'none' } }}
      >
        <Toolbar />
        <AppBreadcrumbs />
        <Suspense fallback={<LoadingBlock />}>
          {/* A session taken over by another user starts the screen afresh: the form was not theirs. */}
          <Outlet key={user?.id} />
        </Suspense>
      </Box>
      <SessionDialog />
    </Box>
  );
}
