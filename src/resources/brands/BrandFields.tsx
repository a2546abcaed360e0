import Grid from '@mui/material/Grid';
import { FormTextField, UploadField } from '../../components/form';
import { StatusField } from '../../components/resource/StatusField';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { en, LABELS } from '../../shared/messages';
import type { Brand } from '../../shared/resources/brands';

export interface BrandFieldsProps {
  /** The brand being edited (for the logo preview); absent on add. */
  brand?: Brand;
  /** Read-only: the user may see the brand but not save it. */
  disabled?: boolean;
}

/** A brand's fields, shared by add and detail. */
export function BrandFields({ brand, disabled }: BrandFieldsProps) {
  const field = { fullWidth: true, disabled } as const;
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={12} sx={{ mb: 2 }}>
        <UploadField
          name="logo"
          label={LABELS.logo}
          recommended={RECOMMENDED_SIZES.logo}
          initialFile={brand?.logo ?? null}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="name" label={LABELS.name} autoComplete="off" required {...field} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="slug"
          label={LABELS.slug}
          autoComplete="off"
          helperText={en.slugHint}
          {...field}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField name="description" label={LABELS.description} multiline minRows={3} {...field} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField disabled={disabled} />
      </Grid>
    </Grid>
  );
}
