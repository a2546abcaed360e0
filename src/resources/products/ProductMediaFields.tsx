import Grid from '@mui/material/Grid';
import { UploadField } from '../../components/form';
import { ImageFields } from '../../components/resource/fields/ImageFields';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import type { Product } from '../../shared/resources/products';

export interface ProductMediaFieldsProps {
  /** The product being edited, for the previews of its stored files. */
  product?: Product;
  disabled?: boolean;
}

const DOCUMENTS = [
  { name: 'document', label: LABELS.document },
  { name: 'catalogue', label: LABELS.catalogue },
] as const;

const IMAGE_SIZES = {
  image: RECOMMENDED_SIZES.productImage,
  mobile_image: RECOMMENDED_SIZES.productMobileImage,
};

/** A product's image and mobile image (the image group) and its document and catalogue (PDF, kind document). */
export function ProductMediaFields({ product, disabled }: ProductMediaFieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={3}>
      <Grid size={12}>
        <ImageFields item={product} recommended={IMAGE_SIZES} disabled={disabled} withAlt={false} />
      </Grid>
      {DOCUMENTS.map(({ name, label }) => (
        <Grid key={name} size={{ xs: 12, md: 6 }}>
          <UploadField
            name={name}
            label={label}
            kind="document"
            initialFile={product?.[name] ?? null}
            disabled={disabled}
          />
        </Grid>
      ))}
    </Grid>
  );
}
