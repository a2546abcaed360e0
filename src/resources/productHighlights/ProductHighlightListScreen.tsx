import {
  useImportProductHighlightsMutation,
  useListProductHighlightsQuery,
} from '../../../store/productHighlightsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { productHighlightsResource } from '../../shared/resources/productHighlights';
import { productHighlightsColumns } from './productHighlightsColumns';

export type ProductHighlightListScreenProps = Record<string, never>;

/** /content/product-highlight: the product highlight list, with the contract's filters. */
export function ProductHighlightListScreen(_props: ProductHighlightListScreenProps) {
  return (
    <ResourceListPage
      contract={productHighlightsResource}
      useList={useListProductHighlightsQuery}
      columns={productHighlightsColumns}
      importMutation={useImportProductHighlightsMutation}
    />
  );
}
