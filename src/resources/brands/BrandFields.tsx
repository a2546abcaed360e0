import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import type { Brand } from '../../shared/resources/brands';
import { TaxonomyFields } from '../taxonomy/TaxonomyFields';

export interface BrandFieldsProps {
  /** The brand being edited (for the logo preview); absent on add. */
  brand?: Brand;
  /** Read-only: the user may see the brand but not save it. */
  disabled?: boolean;
}

/** A brand's fields, shared by add and detail: its logo and the fields every taxonomy has. */
export function BrandFields({ brand, disabled }: BrandFieldsProps) {
  return (
    <TaxonomyFields
      picture={{
        name: 'logo',
        label: LABELS.logo,
        recommended: RECOMMENDED_SIZES.logo,
        file: brand?.logo ?? null,
      }}
      disabled={disabled}
    />
  );
}
