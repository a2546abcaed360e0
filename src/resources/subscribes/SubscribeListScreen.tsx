import { useListSubscribesQuery } from '../../../store/subscribesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { subscribesResource } from '../../shared/resources/subscribes';
import { subscribesColumns } from './subscribesColumns';

export type SubscribeListScreenProps = Record<string, never>;

/** /inbox/subscribe: the subscribe list, with the contract's filters. */
export function SubscribeListScreen(_props: SubscribeListScreenProps) {
  return (
    <ResourceListPage
      contract={subscribesResource}
      useList={useListSubscribesQuery}
      columns={subscribesColumns}
    />
  );
}
