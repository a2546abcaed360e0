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
import { newsResource, type News } from '../../shared/resources/news';

/** The news list's columns; the first links to the item, `field` names match the contract's sortable columns. */
export const newsColumns = listColumns(newsResource, [
  { ...imageNameColumn<News>('title', LABELS.title, (row) => row.image), flex: 1.6, minWidth: 220 },
  { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160, sortable: false },
  dateColumn<News>('date', LABELS.date),
  statusColumn(),
  publishStateColumn(),
  createdColumn(),
  updatedColumn(),
]);
