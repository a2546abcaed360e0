import { useState, type ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../auth/AuthContext';
import type { MenuItem } from '../../shared/menu';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { SideMenu } from '../navigation/SideMenu';
import { Logo } from './Logo';
import { SideDrawer } from './SideDrawer';
import { UserMenu } from './UserMenu';
import { useThemeChange } from './useThemeChange';

export interface HeaderProps {
  /** The menu for small screens' drawer (already filtered for the user). */
  menus: MenuItem[];
  /** Shown beside the account menu while signed in (Search everything). */
  actions?: ReactNode;
}

/** The app bar: menu button (small screens), logo, and the user's avatar menu. */
export function Header({ menus, actions }: HeaderProps) {
  const { user, signOut } = useAuth();
  const changeTheme = useThemeChange();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = () => setDrawerOpen(false);

  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={en.openMenu}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to={ROUTES.dashboard}
          underline="none"
          color="inherit"
          sx={{ display: 'flex' }}
        >
          <Logo />
        </Link>
        <Box sx={{ flex: 1 }} />
        {user && actions}
        {user && <UserMenu user={user} onSignOut={signOut} onThemeChange={changeTheme} />}
      </Toolbar>
      <SideDrawer open={drawerOpen} onClose={closeDrawer} title={<Logo />} label={en.menu}>
        <SideMenu menus={menus} mode="inline" onNavigate={closeDrawer} />
      </SideDrawer>
    </AppBar>
  );
}
