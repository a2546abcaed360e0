import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { FormTextField, RichTextField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import { StatusField } from '../../components/resource/StatusField';
import { en, LABELS } from '../../shared/messages';
import type { Product } from '../../shared/resources/products';
import { ProductMediaFields } from './ProductMediaFields';
import { ProductSeoFields } from './ProductSeoFields';
import { useBrandOptions, useCategoryOptions } from './useCatalogOptions';

export interface ProductFieldsProps {
  /** The product being edited (its brand, category and files); absent on add. */
  product?: Product;
  /** Read-only: the user may see the product but not save it. */
  disabled?: boolean;
}

interface Named {
  id: number;
  name: string;
  status?: 0 | 1;
}

/** An option's text: a brand or category that is switched off says so, so nobody picks it by mistake. */
const optionText = (option: Named) =>
  option.status === 0 ? `${option.name} (${en.notActive})` : option.name;

/**
 * The item's own brand or category is an option before (or even without) the fetched options, so a
 * select never holds a value it has no option for.
 */
const withCurrent = (options: Named[] | undefined, current: Named | null | undefined): Named[] =>
  !current || options?.some((option) => option.id === current.id)
    ? (options ?? [])
    : [{ id: current.id, name: current.name }, ...(options ?? [])];

/** A product's fields, shared by add and detail: general, content, images and documents, SEO. */
export function ProductFields({ product, disabled }: ProductFieldsProps) {
  const brands = withCurrent(useBrandOptions().options, product?.brand);
  const categories = withCurrent(useCategoryOptions().options, product?.category);
  const field = { fullWidth: true, disabled } as const;
  const half = { xs: 12, md: 6 } as const;

  return (
    <>
      <FormSection title={en.sectionGeneral} first>
        <Grid container columnSpacing={2} rowSpacing={1}>
          <Grid size={half}>
            <FormTextField name="name" label={LABELS.name} autoComplete="off" required {...field} />
          </Grid>
          <Grid size={half}>
            <FormTextField
              name="slug"
              label={LABELS.slug}
              autoComplete="off"
              helperText={en.slugHint}
              {...field}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField name="brand_id" label={LABELS.brand} select {...field}>
              <MenuItem value="">
                <em>{en.noBrand}</em>
              </MenuItem>
              {brands.map((brand) => (
                <MenuItem key={brand.id} value={brand.id}>
                  {optionText(brand)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField
              name="other_brand"
              label={LABELS.otherBrand}
              autoComplete="off"
              helperText={en.otherBrandHint}
              {...field}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField name="category_id" label={LABELS.category} select required {...field}>
              {categories.map((category) => (
                <MenuItem key={category.id} value={category.id}>
                  {optionText(category)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField name="model" label={LABELS.model} autoComplete="off" {...field} />
          </Grid>
          <Grid size={half}>
            <StatusField disabled={disabled} />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={en.sectionContent}>
        <FormTextField name="function" label={LABELS.function} multiline minRows={2} {...field} />
        <FormTextField name="specification" label={LABELS.specification} multiline minRows={3} {...field} />
        <RichTextField name="overview" label={LABELS.overview} disabled={disabled} />
        <RichTextField name="application" label={LABELS.application} disabled={disabled} />
      </FormSection>
      <FormSection title={en.sectionMedia}>
        <ProductMediaFields product={product} disabled={disabled} />
      </FormSection>
      <FormSection title={en.sectionSeo}>
        <ProductSeoFields disabled={disabled} />
      </FormSection>
    </>
  );
}
