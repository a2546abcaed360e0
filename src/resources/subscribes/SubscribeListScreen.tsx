import { useBulkDeleteSubscribesMutation, useListSubscribesQuery } from '../../../store/subscribesApi';
import { BulkDeleteButton } from '../../components/resource/BulkDeleteButton';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { subscribesResource } from '../../shared/resources/subscribes';
import { subscribesColumns } from './subscribesColumns';

export type SubscribeListScreenProps = Record<string, never>;

/**
 * /inbox/subscribe: the newsletter subscribers (a list only: no add, no detail), with search, state,
 * source and date filters, export, and Delete on the selected rows after the confirmation.
 */
export function SubscribeListScreen(_props: SubscribeListScreenProps) {
  return (
    <ResourceListPage
      contract={subscribesResource}
      useList={useListSubscribesQuery}
      columns={subscribesColumns}
      rowPath={null}
      addPath={null}
      selectionActions={(ids, clear) => (
        <BulkDeleteButton
          contract={subscribesResource}
          useBulkDelete={useBulkDeleteSubscribesMutation}
          ids={ids}
          onDone={clear}
        />
      )}
    />
  );
}
