import { listColumns } from '../../components/resource/listColumns';
import { LABELS } from '../../shared/messages';
import { newsContent, newsResource, type News } from '../../shared/resources/news';
import { contentColumns } from '../content/contentColumns';

/** The news list's columns: the image beside the title, the slug, the date (content.ts). */
export const newsColumns = listColumns(
  newsResource,
  contentColumns<News>(newsContent, (row) => row.image, [
    { field: 'slug', headerName: LABELS.slug, flex: 1, minWidth: 160, sortable: false },
  ]),
);
