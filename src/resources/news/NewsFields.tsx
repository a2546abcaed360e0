import Grid from '@mui/material/Grid';
import { FormTextField } from '../../components/form';
import { SlugField } from '../../components/resource/fields/SlugField';
import { StatusField } from '../../components/resource/fields/StatusField';
import { LABELS } from '../../shared/messages';

export interface NewsFieldsProps {
  /** Read-only: the user may see the news but not save it. */
  disabled?: boolean;
}

/** A news's fields, shared by add and detail. */
export function NewsFields({ disabled }: NewsFieldsProps) {
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="title"
          label={LABELS.title}
          autoComplete="off"
          required
          fullWidth
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SlugField source={LABELS.title} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <StatusField disabled={disabled} />
      </Grid>
    </Grid>
  );
}
