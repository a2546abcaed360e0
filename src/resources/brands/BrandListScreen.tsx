import { useImportBrandsMutation, useListBrandsQuery } from '../../../store/brandsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { brandsResource } from '../../shared/resources/brands';
import { brandColumns } from './brandColumns';

export type BrandListScreenProps = Record<string, never>;

/** /product/brand: the brands, filtered by status, created date and search. */
export function BrandListScreen(_props: BrandListScreenProps) {
  return (
    <ResourceListPage
      contract={brandsResource}
      useList={useListBrandsQuery}
      columns={brandColumns}
      importMutation={useImportBrandsMutation}
    />
  );
}
