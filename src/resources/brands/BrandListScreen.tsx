import { useImportBrandsMutation, useListBrandsQuery } from '../../../store/brandsApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { en } from '../../shared/messages';
import { brandsResource } from '../../shared/resources/brands';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { brandColumns } from './brandColumns';

export type BrandListScreenProps = Record<string, never>;

/** /product/brand: the brands, filtered by status, date and search. */
export function BrandListScreen(_props: BrandListScreenProps) {
  return (
    <ResourceListPage
      contract={brandsResource}
      title={brandsResource.item}
      section={en.product}
      useList={useListBrandsQuery}
      columns={brandColumns}
      addPath={addPath(ROUTES.brands)}
      rowPath={(row) => itemPath(ROUTES.brands, row.id)}
      importMutation={useImportBrandsMutation}
    />
  );
}
