import { useId, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import Check from '@mui/icons-material/Check';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { Link as RouterLink } from 'react-router-dom';
import type { ThemePreference, User } from '../../shared/contracts/account';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { visuallyHidden } from '@mui/utils';
import { UserAvatar } from '../data/UserAvatar';

export interface UserMenuProps {
  user: User;
  onSignOut: () => void;
  /** Stores the user's theme; the menu shows the one in `user.preferences`. */
  onThemeChange: (theme: ThemePreference) => void;
}

const THEME_OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: en.themeLight },
  { value: 'dark', label: en.themeDark },
  { value: 'system', label: en.themeSystem },
];

/**
 * The header's avatar (photo, or initials without one) with the user's name, and its dropdown: the
 * account links, the theme (light, dark, the system's) and Logout. A menu button in the ARIA sense:
 * Enter, Space or the arrow keys open it with focus on an item, the arrows move, Escape closes it
 * and returns focus to the button.
 */
export function UserMenu({ user, onSignOut, onThemeChange }: UserMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [focusLast, setFocusLast] = useState(false);
  const menuId = useId();
  const theme = user.preferences?.theme ?? 'system';
  const close = () => setOpen(false);

  const openWith = (last: boolean) => {
    setFocusLast(last);
    setOpen(true);
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openWith(event.key === 'ArrowUp');
    }
  };

  return (
    <>
      {/* Named by its text, the user's name (not an aria-label): the initials beside it are hidden from
          assistive technology, so what a voice-control user reads on it is what it is called. */}
      <ButtonBase
        ref={button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => openWith(false)}
        onKeyDown={onButtonKeyDown}
        sx={{ borderRadius: 6, p: 0.5, pr: { sm: 1.5 }, gap: 1, flexShrink: 0 }}
      >
        <UserAvatar name={user.name} photo={user.photo} size={36} decorative />
        <Typography
          component="span"
          fontWeight={600}
          noWrap
          // On a phone only the avatar shows; the name is out of sight and still the button's name.
          sx={(theme) => ({ maxWidth: 200, [theme.breakpoints.down('sm')]: visuallyHidden })}
        >
          {user.name}
        </Typography>
      </ButtonBase>
      <Popover
        open={open}
        anchorEl={() => button.current as HTMLButtonElement}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { minWidth: 240, mt: 1 } },
          transition: {
            // Opened with ArrowUp: the last item takes focus, as the menu button pattern says.
            onEntering: () => {
              if (focusLast) (list.current?.lastElementChild as HTMLElement | null)?.focus();
            },
          },
        }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography fontWeight={600}>{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuList
          id={menuId}
          ref={list}
          autoFocusItem={open && !focusLast}
          aria-label={user.name}
          onKeyDown={(event) => {
            if (event.key === 'Tab') close();
          }}
        >
          <MenuItem component={RouterLink} to={ROUTES.profile} onClick={close}>
            <ListItemIcon>
              <PersonOutline fontSize="small" />
            </ListItemIcon>
            {en.viewProfile}
          </MenuItem>
          <MenuItem component={RouterLink} to={ROUTES.changePassword} onClick={close}>
            <ListItemIcon>
              <KeyOutlined fontSize="small" />
            </ListItemIcon>
            {en.changePassword}
          </MenuItem>
          <Divider />
          {THEME_OPTIONS.map((option) => (
            <MenuItem
              key={option.value}
              role="menuitemradio"
              aria-checked={theme === option.value}
              onClick={() => {
                close();
                if (option.value !== theme) onThemeChange(option.value);
              }}
            >
              <ListItemIcon>{theme === option.value && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText>{option.label}</ListItemText>
            </MenuItem>
          ))}
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              onSignOut();
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            {en.logout}
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
