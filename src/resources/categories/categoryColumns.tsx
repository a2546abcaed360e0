import { listColumns } from '../../components/resource/listColumns';
import { categoriesResource, type Category } from '../../shared/resources/categories';
import { taxonomyColumns } from '../taxonomy/taxonomyColumns';

/** The category list's columns: the image beside the name. */
export const categoryColumns = listColumns(
  categoriesResource,
  taxonomyColumns<Category>((category) => category.image),
);
