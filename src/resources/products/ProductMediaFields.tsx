import Grid from '@mui/material/Grid';
import { UploadField } from '../../components/form';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import type { Product } from '../../shared/resources/products';

export interface ProductMediaFieldsProps {
  /** The product being edited, for the previews of its stored files. */
  product?: Product;
  disabled?: boolean;
}

/** A product's image and mobile image (kind image) and its document and catalogue (PDF, kind document). */
export function ProductMediaFields({ product, disabled }: ProductMediaFieldsProps) {
  const half = { xs: 12, md: 6 } as const;
  return (
    <Grid container columnSpacing={2} rowSpacing={3}>
      <Grid size={half}>
        <UploadField
          name="image"
          label={LABELS.image}
          recommended={RECOMMENDED_SIZES.productImage}
          initialFile={product?.image ?? null}
          disabled={disabled}
        />
      </Grid>
      <Grid size={half}>
        <UploadField
          name="mobile_image"
          label={LABELS.mobileImage}
          recommended={RECOMMENDED_SIZES.productMobileImage}
          initialFile={product?.mobile_image ?? null}
          disabled={disabled}
        />
      </Grid>
      <Grid size={half}>
        <UploadField
          kind="document"
          name="document"
          label={LABELS.document}
          initialFile={product?.document ?? null}
          disabled={disabled}
        />
      </Grid>
      <Grid size={half}>
        <UploadField
          kind="document"
          name="catalogue"
          label={LABELS.catalogue}
          initialFile={product?.catalogue ?? null}
          disabled={disabled}
        />
      </Grid>
    </Grid>
  );
}
