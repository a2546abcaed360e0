import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItemButton from '@mui/material/MenuItem';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { preloadOn } from '../../hooks/routePreload';
import { findSelectedKey, type MenuItem } from '../../shared/menu';
import { en } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import { MenuBadge } from './menuBadges';
import { MenuIcon } from './menuIcons';

export type SideMenuMode = 'horizontal' | 'vertical' | 'inline';

export interface SideMenuProps {
  /** The entries to show, already filtered for the user (`filterMenu`). */
  menus: MenuItem[];
  /** horizontal: a top bar with dropdowns; vertical: a list with fly-outs; inline: a nested list. */
  mode?: SideMenuMode;
  /** Called after an entry is chosen (the mobile drawer closes itself with it). */
  onNavigate?: () => void;
}

/**
 * The app's menu. The current pathname's entry is selected; only one submenu is open at a time,
 * and the selected entry's parent starts open.
 */
export function SideMenu({ menus, mode = 'horizontal', onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const selected = findSelectedKey(menus, pathname);
  const [openKey, setOpenKey] = useState<string | null>(selected.parentKey ?? null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  // Navigating elsewhere opens the new entry's parent (state adjusted while rendering, no effect).
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (mode === 'inline') setOpenKey(selected.parentKey ?? null);
  }

  const popup = mode !== 'inline';
  const toggle = (key: string, event: MouseEvent<HTMLElement>) => {
    const closing = openKey === key && (!popup || anchor);
    setOpenKey(closing ? null : key);
    setAnchor(popup && !closing ? event.currentTarget : null);
  };
  const chosen = () => {
    if (popup) {
      setOpenKey(null);
      setAnchor(null);
    }
    onNavigate?.();
  };

  const popupFor = (item: MenuItem) => (
    <Menu
      anchorEl={anchor}
      open={openKey === item.key && Boolean(anchor)}
      onClose={() => {
        setOpenKey(null);
        setAnchor(null);
      }}
      anchorOrigin={
        mode === 'horizontal'
          ? { vertical: 'bottom', horizontal: 'left' }
          : { vertical: 'top', horizontal: 'right' }
      }
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
    >
      {item.children?.map((child) => (
        <MenuItemButton
          key={child.key}
          component={RouterLink}
          to={child.path ?? ROUTES.dashboard}
          selected={selected.key === child.key}
          aria-current={selected.key === child.key ? 'page' : undefined}
          onClick={chosen}
          {...preloadOn(child.path)}
        >
          {child.label}
          <MenuBadge path={child.path} />
        </MenuItemButton>
      ))}
    </Menu>
  );

  if (mode === 'horizontal') {
    return (
      <Box component="nav" aria-label={en.mainMenu} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        {menus.map((item) =>
          item.children ? (
            <Box key={item.key}>
              <Button
                color={selected.parentKey === item.key ? 'primary' : 'inherit'}
                startIcon={<MenuIcon name={item.icon} />}
                endIcon={<ExpandMore />}
                aria-haspopup="menu"
                aria-expanded={openKey === item.key}
                onClick={(event) => toggle(item.key, event)}
              >
                {item.label}
              </Button>
              {popupFor(item)}
            </Box>
          ) : (
            <Button
              key={item.key}
              component={RouterLink}
              to={item.path ?? ROUTES.dashboard}
              color={selected.key === item.key ? 'primary' : 'inherit'}
              aria-current={selected.key === item.key ? 'page' : undefined}
              startIcon={<MenuIcon name={item.icon} />}
              onClick={chosen}
              {...preloadOn(item.path)}
            >
              {item.label}
            </Button>
          ),
        )}
      </Box>
    );
  }

  // Arrow keys move between the entries shown (a disclosure menu: Tab still works as usual). Right
  // opens a group or enters it, Left leaves a group for its header or closes it, Home/End jump.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (popup) return;
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-menu-entry]')];
    const current = event.target as HTMLElement;
    const index = entries.indexOf(current);
    if (index < 0) return;
    const focus = (target: HTMLElement | undefined) => {
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    const group = current.dataset.group;
    const parent = current.dataset.parent;
    switch (event.key) {
      case 'ArrowDown':
        return focus(entries[(index + 1) % entries.length]);
      case 'ArrowUp':
        return focus(entries[(index - 1 + entries.length) % entries.length]);
      case 'Home':
        return focus(entries[0]);
      case 'End':
        return focus(entries[entries.length - 1]);
      // Open or not as the screen shows it (aria-expanded), not as this render last knew it.
      case 'ArrowRight':
        if (!group) return;
        event.preventDefault();
        if (current.getAttribute('aria-expanded') !== 'true') setOpenKey(group);
        else focus(entries[index + 1]);
        return;
      case 'ArrowLeft':
        if (parent) return focus(entries.find((entry) => entry.dataset.group === parent));
        if (group && current.getAttribute('aria-expanded') === 'true') {
          event.preventDefault();
          setOpenKey(null);
        }
        return;
      default:
        return;
    }
  };

  return (
    <List component="nav" aria-label={en.mainMenu} onKeyDown={onKeyDown}>
      {menus.map((item) => {
        if (!item.children)
          return <Leaf key={item.key} item={item} selected={selected.key === item.key} onClick={chosen} />;
        const open = openKey === item.key;
        return (
          <Box key={item.key}>
            <ListItemButton
              data-menu-entry
              data-group={item.key}
              aria-expanded={open}
              aria-haspopup={popup ? 'menu' : undefined}
              onClick={(event) => toggle(item.key, event)}
              sx={selected.parentKey === item.key ? { color: 'primary.main' } : undefined}
            >
              <ListItemIcon>
                <MenuIcon name={item.icon} />
              </ListItemIcon>
              <ListItemText primary={item.label} />
              {popup ? (
                <ChevronRight fontSize="small" />
              ) : open ? (
                <ExpandLess fontSize="small" />
              ) : (
                <ExpandMore fontSize="small" />
              )}
            </ListItemButton>
            {popup ? (
              popupFor(item)
            ) : (
              <Collapse in={open} timeout="auto" unmountOnExit>
                {/* A div, not a list: its entries are links, not list items. */}
                <List component="div" disablePadding>
                  {item.children.map((child) => (
                    <Leaf
                      key={child.key}
                      item={child}
                      parentKey={item.key}
                      nested
                      selected={selected.key === child.key}
                      onClick={chosen}
                    />
                  ))}
                </List>
              </Collapse>
            )}
          </Box>
        );
      })}
    </List>
  );
}

interface LeafProps {
  item: MenuItem;
  selected: boolean;
  nested?: boolean;
  /** The group it sits in (ArrowLeft goes back to it). */
  parentKey?: string;
  onClick: () => void;
}

function Leaf({ item, selected, nested, parentKey, onClick }: LeafProps) {
  return (
    <ListItemButton
      data-menu-entry
      data-parent={parentKey}
      component={RouterLink}
      to={item.path ?? ROUTES.dashboard}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      onClick={onClick}
      {...preloadOn(item.path)}
      sx={nested ? { pl: 7 } : undefined}
    >
      {!nested && (
        <ListItemIcon>
          <MenuIcon name={item.icon} />
        </ListItemIcon>
      )}
      <ListItemText primary={item.label} />
      <MenuBadge path={item.path} />
    </ListItemButton>
  );
}
