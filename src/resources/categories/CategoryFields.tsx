import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import type { Category } from '../../shared/resources/categories';
import { TaxonomyFields } from '../taxonomy/TaxonomyFields';

export interface CategoryFieldsProps {
  /** The category being edited (for the image preview); absent on add. */
  category?: Category;
  /** Read-only: the user may see the category but not save it. */
  disabled?: boolean;
}

/** A category's fields, shared by add and detail: its image and the fields every taxonomy has. */
export function CategoryFields({ category, disabled }: CategoryFieldsProps) {
  return (
    <TaxonomyFields
      picture={{
        name: 'image',
        label: LABELS.image,
        recommended: RECOMMENDED_SIZES.categoryImage,
        file: category?.image ?? null,
      }}
      disabled={disabled}
    />
  );
}
