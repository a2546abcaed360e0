import { listColumns } from '../../components/resource/listColumns';
import {
  createdColumn,
  dateColumn,
  imageNameColumn,
  publishStateColumn,
  statusColumn,
  updatedColumn,
} from '../../components/resource/fields/columns';
import { LABELS } from '../../shared/messages';
import { promotionsResource, type Promotion } from '../../shared/resources/promotions';

/** The promotion list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const promotionsColumns = listColumns(promotionsResource, [
  {
    ...imageNameColumn<Promotion>('title', LABELS.title, (row) => row.image ?? row.banner),
    flex: 1.6,
    minWidth: 220,
  },
  dateColumn<Promotion>('date', LABELS.date),
  dateColumn<Promotion>('end_date', LABELS.endDate),
  statusColumn(),
  publishStateColumn(),
  createdColumn(),
  updatedColumn(),
]);
