import { useListPagesQuery } from '../../../store/pagesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { pagesResource } from '../../shared/resources/pages';
import { pagesColumns } from './pagesColumns';

export type PageListScreenProps = Record<string, never>;

/** /page: the page list, with the contract's filters. */
export function PageListScreen(_props: PageListScreenProps) {
  return <ResourceListPage contract={pagesResource} useList={useListPagesQuery} columns={pagesColumns} />;
}
