import type { ItemColumn } from '../../components/resource/listColumns';
import {
  createdColumn,
  imageNameColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import type { FileObject } from '../../shared/resources/wire';
import type { TaxonomyItem } from '../../shared/resources/taxonomy';

/**
 * The list columns of a brand or category, its picture beside the name; `field` names match the
 * contract's sortable columns.
 */
export function taxonomyColumns<T extends TaxonomyItem>(
  picture: (row: T) => FileObject | null,
): ItemColumn<T>[] {
  return [
    imageNameColumn<T>('name', LABELS.name, picture),
    { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160 },
    { field: 'products_count', headerName: CATALOGUE_MESSAGES.products, type: 'number', width: 110 },
    statusColumn<T>(),
    createdColumn<T>(),
    updatedColumn<T>(),
  ];
}
