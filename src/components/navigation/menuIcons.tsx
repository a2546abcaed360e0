import type SvgIcon from '@mui/material/SvgIcon';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';

/** The icon component for each `MenuItem.icon` name. */
type SvgIconComponent = typeof SvgIcon;

const MENU_ICONS: Record<string, SvgIconComponent> = {
  dashboard: DashboardOutlined,
  pages: DescriptionOutlined,
  product: Inventory2Outlined,
  content: CampaignOutlined,
  inbox: InboxOutlined,
  setting: SettingsOutlined,
};

export interface MenuIconProps {
  name?: string;
}

export function MenuIcon({ name }: MenuIconProps) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon fontSize="small" /> : null;
}
