import Grid from '@mui/material/Grid';
import { UploadField, type UploadFieldProps } from '../../components/form';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import type { Product } from '../../shared/resources/products';

export interface ProductMediaFieldsProps {
  /** The product being edited, for the previews of its stored files. */
  product?: Product;
  disabled?: boolean;
}

/** A product's image and mobile image (kind image) and its document and catalogue (PDF, kind document). */
const MEDIA = [
  { name: 'image', label: LABELS.image, recommended: RECOMMENDED_SIZES.productImage },
  { name: 'mobile_image', label: LABELS.mobileImage, recommended: RECOMMENDED_SIZES.productMobileImage },
  { name: 'document', label: LABELS.document, kind: 'document' },
  { name: 'catalogue', label: LABELS.catalogue, kind: 'document' },
] as const satisfies readonly (Omit<UploadFieldProps, 'name'> & { name: keyof Product })[];

/** The product's files, two to a row. */
export function ProductMediaFields({ product, disabled }: ProductMediaFieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={3}>
      {MEDIA.map((media) => (
        <Grid key={media.name} size={{ xs: 12, md: 6 }}>
          <UploadField {...media} initialFile={product?.[media.name] ?? null} disabled={disabled} />
        </Grid>
      ))}
    </Grid>
  );
}
