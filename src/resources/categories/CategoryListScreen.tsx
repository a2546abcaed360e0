import { useImportCategoriesMutation, useListCategoriesQuery } from '../../../store/categoriesApi';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { categoriesResource } from '../../shared/resources/categories';
import { categoryColumns } from './categoryColumns';

export type CategoryListScreenProps = Record<string, never>;

/** /product/category: the categories, filtered by status, created date and search. */
export function CategoryListScreen(_props: CategoryListScreenProps) {
  return (
    <ResourceListPage
      contract={categoriesResource}
      useList={useListCategoriesQuery}
      columns={categoryColumns}
      importMutation={useImportCategoriesMutation}
    />
  );
}
