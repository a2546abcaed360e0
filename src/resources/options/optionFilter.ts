import type { ListFilterConfig } from '../../components/resource/types';
import type { OptionItem } from '../../shared/resources/resource';

/**
 * A list filter over another resource's items (a product's brands, a user's roles), or none when the
 * user may not read those items (`useResourceOptions`). Spread into the page's `filters`.
 */
export const optionFilter = (
  filter: Omit<ListFilterConfig, 'options'>,
  allowed: boolean,
  items: readonly OptionItem[] | undefined,
): ListFilterConfig[] =>
  allowed ? [{ ...filter, options: items?.map((item) => ({ id: item.id, label: item.name })) }] : [];
