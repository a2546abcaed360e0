import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router-dom';
import { filterMenu, MENU, menuScreens, type MenuScreen } from '../../shared/menu';
import { ROUTES } from '../../shared/routes';
import { SCREEN_TEXT } from '../../shared/messages/screens';

export type QuickLink = MenuScreen;

/** The menu entries a user holding `permissions` can open, flattened, without the dashboard itself. */
export function quickLinks(permissions: readonly string[]): QuickLink[] {
  return menuScreens(filterMenu(MENU, permissions)).filter((screen) => screen.path !== ROUTES.dashboard);
}

export interface QuickLinksCardProps {
  permissions: readonly string[];
}

/** Shortcuts to every section the user may open (the same permission rules as the side menu). */
export function QuickLinksCard({ permissions }: QuickLinksCardProps) {
  const links = quickLinks(permissions);
  return (
    <Card>
      <CardHeader title={SCREEN_TEXT.quickLinks} slotProps={{ title: { variant: 'h3', component: 'h2' } }} />
      <CardContent>
        {links.length === 0 ? (
          <Typography color="text.secondary">{SCREEN_TEXT.quickLinksEmpty}</Typography>
        ) : (
          <List dense disablePadding aria-label={SCREEN_TEXT.quickLinks}>
            {links.map((link) => (
              <ListItem key={link.key} disablePadding>
                <ListItemButton component={RouterLink} to={link.path}>
                  <ListItemText primary={link.label} secondary={link.group} />
                  <ChevronRight fontSize="small" color="action" />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
