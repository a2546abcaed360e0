import { useImportCategoriesMutation, useListCategoriesQuery } from '../../../store/categoriesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { en } from '../../shared/messages';
import { categoriesResource } from '../../shared/resources/categories';
import { addPath, itemPath, ROUTES } from '../../shared/routes';
import { categoryColumns } from './categoryColumns';

export type CategoryListScreenProps = Record<string, never>;

/** /product/category: the categories, filtered by status, date and search. */
export function CategoryListScreen(_props: CategoryListScreenProps) {
  return (
    <ResourceListPage
      contract={categoriesResource}
      title={categoriesResource.item}
      section={en.product}
      useList={useListCategoriesQuery}
      columns={categoryColumns}
      addPath={addPath(ROUTES.categories)}
      rowPath={(row) => itemPath(ROUTES.categories, row.id)}
      importMutation={useImportCategoriesMutation}
    />
  );
}
