import type { ReactElement } from 'react';
import ArticleIcon from '@mui/icons-material/Article';
import EventIcon from '@mui/icons-material/Event';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import type { ChipProps } from '@mui/material/Chip';
import { CALENDAR_MESSAGES } from '../../shared/messages/calendar';
import { PERMISSIONS } from '../../shared/permissions';
import type { PublishState } from '../../shared/resources/publishing';

/** The dated resources the calendar shows, with the index key that lets a user read each. */
export const CALENDAR_LEGEND = [
  {
    key: 'promotions',
    item: CALENDAR_MESSAGES.resources.promotions,
    permission: PERMISSIONS.promotionsIndex,
  },
  { key: 'news', item: CALENDAR_MESSAGES.resources.news, permission: PERMISSIONS.newsIndex },
  {
    key: 'productArticles',
    item: CALENDAR_MESSAGES.resources.productArticles,
    permission: PERMISSIONS.productArticlesIndex,
  },
] as const;

export interface ResourceStyle {
  color: NonNullable<ChipProps['color']>;
  icon: ReactElement;
}

/** Each dated resource's colour and icon (the icon and its name say it too: not colour alone). */
export const RESOURCE_STYLES: Record<string, ResourceStyle> = {
  promotions: { color: 'primary', icon: <LocalOfferIcon fontSize="small" /> },
  news: { color: 'success', icon: <NewspaperIcon fontSize="small" /> },
  productArticles: { color: 'secondary', icon: <ArticleIcon fontSize="small" /> },
};

const FALLBACK: ResourceStyle = { color: 'default', icon: <EventIcon fontSize="small" /> };

export const resourceStyle = (key: string): ResourceStyle => RESOURCE_STYLES[key] ?? FALLBACK;

/** Each state's look: live filled, the others outlined (a draft dashed, an ended one faded); the label says it. */
export function stateStyle(state: PublishState): { variant: ChipProps['variant']; sx: object } {
  if (state === 'live') return { variant: 'filled', sx: {} };
  if (state === 'draft') return { variant: 'outlined', sx: { borderStyle: 'dashed' } };
  if (state === 'ended') return { variant: 'outlined', sx: { textDecoration: 'line-through' } };
  return { variant: 'outlined', sx: {} };
}
