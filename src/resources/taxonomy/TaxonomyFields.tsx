import Grid from '@mui/material/Grid';
import { FormTextField, UploadField } from '../../components/form';
import { SlugField } from '../../components/resource/fields/SlugField';
import { StatusField } from '../../components/resource/fields/StatusField';
import { LABELS } from '../../shared/messages';
import type { FileObject } from '../../shared/resources/catalog';

export interface TaxonomyFieldsProps {
  /** The picture field: a brand's logo, a category's image. */
  picture: {
    name: string;
    label: string;
    /** The recommended size shown in the upload hint. */
    recommended: { width: number; height: number };
    /** The stored file, for the preview; null on add. */
    file: FileObject | null;
  };
  /** Read-only: the user may see the item but not save it. */
  disabled?: boolean;
}

/** The fields of a brand or a category (src/shared/resources/taxonomy.ts), shared by add and detail. */
export function TaxonomyFields({ picture, disabled }: TaxonomyFieldsProps) {
  const field = { fullWidth: true, disabled } as const;
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={12} sx={{ mb: 2 }}>
        <UploadField
          name={picture.name}
          label={picture.label}
          recommended={picture.recommended}
          initialFile={picture.file}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="name" label={LABELS.name} autoComplete="off" required {...field} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SlugField source={LABELS.name} disabled={disabled} />
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
