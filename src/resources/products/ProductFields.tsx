import Grid from '@mui/material/Grid';
import { FormTextField, RichTextField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import { SeoFields } from '../../components/resource/fields/SeoFields';
import { SlugField } from '../../components/resource/fields/SlugField';
import { StatusField } from '../../components/resource/fields/StatusField';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import type { Product } from '../../shared/resources/products';
import { OptionSelect } from '../options/OptionSelect';
import { ProductMediaFields } from './ProductMediaFields';
import { useBrandOptions, useCategoryOptions } from './useCatalogOptions';

export interface ProductFieldsProps {
  /** The product being edited (its brand, category and files); absent on add. */
  product?: Product;
  /** Read-only: the user may see the product but not save it. */
  disabled?: boolean;
}

/** A product's fields, shared by add and detail: general, content, images and documents, SEO. */
export function ProductFields({ product, disabled }: ProductFieldsProps) {
  const brands = useBrandOptions().options;
  const categories = useCategoryOptions().options;
  const field = { fullWidth: true, disabled } as const;
  const half = { xs: 12, md: 6 } as const;

  return (
    <>
      <FormSection title={CATALOGUE_MESSAGES.sectionGeneral} first>
        <Grid container columnSpacing={2} rowSpacing={1}>
          <Grid size={half}>
            <FormTextField name="name" label={LABELS.name} autoComplete="off" required {...field} />
          </Grid>
          <Grid size={half}>
            <SlugField source={LABELS.name} disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <OptionSelect
              name="brand_id"
              label={LABELS.brand}
              options={brands}
              current={product?.brand}
              emptyLabel={CATALOGUE_MESSAGES.noBrand}
              disabled={disabled}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              name="other_brand"
              label={LABELS.otherBrand}
              autoComplete="off"
              helperText={CATALOGUE_MESSAGES.otherBrandHint}
              {...field}
            />
          </Grid>
          <Grid size={half}>
            <OptionSelect
              name="category_id"
              label={LABELS.category}
              options={categories}
              current={product?.category}
              required
              disabled={disabled}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField name="model" label={LABELS.model} autoComplete="off" {...field} />
          </Grid>
          <Grid size={half}>
            <StatusField disabled={disabled} />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionContent}>
        <FormTextField name="function" label={LABELS.function} multiline minRows={2} {...field} />
        <FormTextField name="specification" label={LABELS.specification} multiline minRows={3} {...field} />
        <RichTextField name="overview" label={LABELS.overview} disabled={disabled} />
        <RichTextField name="application" label={LABELS.application} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        <ProductMediaFields product={product} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionSeo}>
        <SeoFields disabled={disabled} />
      </FormSection>
    </>
  );
}
