import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { en } from '../../shared/messages';
import { SIZES } from '../../shared/limits';

/** Lets an open child drawer push its parent aside by SIZES.drawerPush (spec §2 Header). */
interface DrawerLevel {
  childOpened: () => () => void;
}
const DrawerLevelContext = createContext<DrawerLevel | null>(null);

export interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  anchor?: 'left' | 'right';
  /** 736 px instead of 378 px. */
  large?: boolean;
  /** Heading shown beside the close button. */
  title?: ReactNode;
  /** Accessible name of the drawer when it has no title. */
  label?: string;
  children: ReactNode;
}

/**
 * A temporary drawer 378 px wide (736 px when `large`), capped at the viewport. A SideDrawer opened
 * inside another pushes its parent by 180 px, so both levels stay visible.
 */
export function SideDrawer({
  open,
  onClose,
  anchor = 'left',
  large,
  title,
  label,
  children,
}: SideDrawerProps) {
  const parent = useContext(DrawerLevelContext);
  const [openChildren, setOpenChildren] = useState(0);
  const level = useMemo<DrawerLevel>(
    () => ({
      childOpened: () => {
        setOpenChildren((count) => count + 1);
        return () => setOpenChildren((count) => count - 1);
      },
    }),
    [],
  );
  useEffect(() => (open && parent ? parent.childOpened() : undefined), [open, parent]);

  const width = large ? SIZES.drawerWidthLarge : SIZES.drawerWidth;
  // A margin, not a transform: the Slide transition owns the paper's transform.
  const push = openChildren > 0 ? SIZES.drawerPush : 0;

  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={onClose}
      // Above the app bar, which itself sits above the permanent sidebar.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': typeof title === 'string' ? title : label,
          style: {
            width,
            maxWidth: '100vw',
            [anchor === 'left' ? 'marginLeft' : 'marginRight']: push || undefined,
          },
        },
      }}
    >
      <DrawerLevelContext.Provider value={level}>
        {title !== undefined && (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
              {title}
            </Typography>
            <IconButton aria-label={en.closeMenu} onClick={onClose} edge="end">
              <CloseIcon />
            </IconButton>
          </Box>
        )}
        {children}
      </DrawerLevelContext.Provider>
    </Drawer>
  );
}
