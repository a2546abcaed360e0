import type { Category } from '../../shared/resources/categories';
import { taxonomyColumns } from '../taxonomy/taxonomyColumns';

/** The category list's columns: the image beside the name. */
export const categoryColumns = taxonomyColumns<Category>((category) => category.image);
