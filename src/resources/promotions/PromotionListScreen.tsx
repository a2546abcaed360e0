import { useImportPromotionsMutation, useListPromotionsQuery } from '../../../store/promotionsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { promotionsResource } from '../../shared/resources/promotions';
import { promotionsColumns } from './promotionsColumns';

export type PromotionListScreenProps = Record<string, never>;

/** /content/promotion: the promotion list, with the contract's filters. */
export function PromotionListScreen(_props: PromotionListScreenProps) {
  return (
    <ResourceListPage
      contract={promotionsResource}
      useList={useListPromotionsQuery}
      columns={promotionsColumns}
      importMutation={useImportPromotionsMutation}
    />
  );
}
