import { useImportNewsMutation, useListNewsQuery } from '../../../store/newsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { newsResource } from '../../shared/resources/news';
import { newsColumns } from './newsColumns';

export type NewsListScreenProps = Record<string, never>;

/** /content/news: the news list, with the contract's filters. */
export function NewsListScreen(_props: NewsListScreenProps) {
  return (
    <ResourceListPage
      contract={newsResource}
      useList={useListNewsQuery}
      columns={newsColumns}
      importMutation={useImportNewsMutation}
    />
  );
}
