import Grid from '@mui/material/Grid';
import { FormTextField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import { ImageFields, StatusField } from '../../components/resource/fields';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import type { ProductHighlight } from '../../shared/resources/productHighlights';
import { productsResource } from '../../shared/resources/products';
import { OptionSelect } from '../options/OptionSelect';

export interface ProductHighlightFieldsProps {
  /** The highlight being edited (its product and files); absent on add. */
  item?: ProductHighlight;
  /** Read-only: the user may see the highlight but not save it. */
  disabled?: boolean;
}

/** A product highlight's fields, shared by add and detail: general, images. */
export function ProductHighlightFields({ item, disabled }: ProductHighlightFieldsProps) {
  const products = useResourceOptions(productsResource).options;
  const field = { fullWidth: true, disabled } as const;
  const half = { xs: 12, md: 6 } as const;
  return (
    <>
      <FormSection title={CATALOGUE_MESSAGES.sectionGeneral} first>
        <Grid container columnSpacing={2} rowSpacing={1}>
          <Grid size={half}>
            <FormTextField name="title" label={LABELS.title} autoComplete="off" required {...field} />
          </Grid>
          <Grid size={half}>
            <OptionSelect
              name="product_id"
              label={LABELS.product}
              options={products}
              current={item?.product}
              emptyLabel={CATALOGUE_MESSAGES.noBrand}
              disabled={disabled}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              name="link"
              label={LABELS.link}
              autoComplete="off"
              helperText={CATALOGUE_MESSAGES.linkHint}
              {...field}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormTextField
              name="position"
              label={LABELS.position}
              type="number"
              helperText={CATALOGUE_MESSAGES.positionHint}
              {...field}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <StatusField disabled={disabled} />
          </Grid>
        </Grid>
        <FormTextField name="description" label={LABELS.description} multiline minRows={3} {...field} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        <ImageFields item={item} disabled={disabled} />
      </FormSection>
    </>
  );
}
