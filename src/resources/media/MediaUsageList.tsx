import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { MEDIA_FIELD_LABELS, MEDIA_RESOURCE_LABELS, MEDIA_TEXT } from '../../shared/messages/media';
import type { MediaUsage } from '../../shared/resources/media';
import { itemPath, ROUTES } from '../../shared/routes';

/** Where a record using a file opens, by its permission group. */
const RECORD_LISTS: Record<string, string> = {
  products: ROUTES.products,
  brands: ROUTES.brands,
  categories: ROUTES.categories,
  'product-highlights': ROUTES.productHighlights,
  promotions: ROUTES.promotions,
  news: ROUTES.news,
  'product-articles': ROUTES.productArticles,
  pages: ROUTES.pages,
  users: ROUTES.users,
};

export const usagePath = (usage: MediaUsage): string =>
  usage.resource === 'settings'
    ? ROUTES.company
    : itemPath(RECORD_LISTS[usage.resource] ?? '', usage.record_id);

const label = <T extends Record<string, string>>(labels: T, key: string): string =>
  (labels as Record<string, string>)[key] ?? key;

/** `Brand · Logo`: what kind of record, and the field the file is in. */
export const usageWhere = (usage: MediaUsage): string =>
  `${label(MEDIA_RESOURCE_LABELS, usage.resource)} · ${label(MEDIA_FIELD_LABELS, usage.field)}`;

export interface MediaUsageListProps {
  usages: readonly MediaUsage[];
  /** Links to the records (off inside the delete confirmation). */
  links?: boolean;
}

/** The records using a file: each one's name (a link to it), kind and field, and Live or Not live. */
export function MediaUsageList({ usages, links = true }: MediaUsageListProps) {
  if (!usages.length) return <Typography color="text.secondary">{MEDIA_TEXT.notUsed}</Typography>;
  return (
    <List dense disablePadding>
      {usages.map((usage) => (
        <ListItem
          key={`${usage.resource}:${usage.record_id}:${usage.field}`}
          disableGutters
          secondaryAction={
            <Chip
              size="small"
              variant="outlined"
              color={usage.live ? 'success' : 'default'}
              label={usage.live ? MEDIA_TEXT.live : MEDIA_TEXT.notLive}
              sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
            />
          }
        >
          <ListItemText
            primary={
              links ? (
                <Link component={RouterLink} to={usagePath(usage)}>
                  {usage.title}
                </Link>
              ) : (
                usage.title
              )
            }
            secondary={usageWhere(usage)}
          />
        </ListItem>
      ))}
    </List>
  );
}
