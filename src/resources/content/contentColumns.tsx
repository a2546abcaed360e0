import type { ItemColumn } from '../../components/resource/listColumns';
import {
  createdColumn,
  dateColumn,
  imageNameColumn,
  publishStateColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import type { Content } from '../../shared/resources/content';
import type { FileObject } from '../../shared/resources/wire';
import type { Status } from '../../shared/contracts/account';
import type { PublishState } from '../../shared/resources/publishing';

type ContentRow = {
  title: string;
  status: Status;
  publish_state: PublishState;
  created_at: string;
  updated_at: string;
};

/**
 * The list columns of a content kind: its picture beside the title (the first links to the item),
 * `more` (a slug, the related products), a column per date of its body, status, publish state,
 * created and updated; `field` names match the contract's sortable columns.
 */
export function contentColumns<T extends ContentRow>(
  content: Content,
  picture: (row: T) => FileObject | null,
  more: ItemColumn<T>[] = [],
): ItemColumn<T>[] {
  const days = content.body.filter((group) => group.input === 'day');
  return [
    { ...imageNameColumn<T>('title', LABELS.title, picture), flex: 1.6, minWidth: 220 },
    ...more,
    // The body's dates are the item's fields (the contract's wire is made from the same body).
    ...days.map(({ name, label }) => dateColumn<T>(name as keyof T & string, label)),
    statusColumn<T>(),
    publishStateColumn<T>(),
    createdColumn<T>(),
    updatedColumn<T>(),
  ];
}
