import { createContext, useContext } from 'react';
import Chip from '@mui/material/Chip';
import { t } from '../../shared/messages';

/**
 * Counts shown beside menu entries, by the entry's path (`ROUTES.contactForms` → its New messages).
 * The app provides them (src/app/ShellLayout.tsx); the menu only draws them.
 */
export const MenuBadgesContext = createContext<Readonly<Record<string, number>>>({});

export interface MenuBadgeProps {
  path?: string;
}

/** The count of a menu entry, when it has one above zero ("3 new"). */
export function MenuBadge({ path }: MenuBadgeProps) {
  const badges = useContext(MenuBadgesContext);
  const count = path ? (badges[path] ?? 0) : 0;
  if (count <= 0) return null;
  return (
    <Chip
      size="small"
      color="primary"
      label={count > 99 ? '99+' : count}
      aria-label={t('menuNewCount', { count })}
      sx={{ ml: 1, height: 20, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
