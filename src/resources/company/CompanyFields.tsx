import Grid from '@mui/material/Grid';
import { FormTextField, UploadField } from '../../components/form';
import type { FileObject } from '../../shared/contracts/account';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { COMPANY_LABELS } from '../../shared/resources/company';
import { TimeZoneField } from './TimeZoneField';

const SOCIAL_LINKS = ['instagram_link', 'facebook_link', 'linkedin'] as const;

export interface CompanyFieldsProps {
  /** The stored logo, for the upload preview. */
  logo: FileObject | null;
  /** Read-only: the user may see the settings but not save them. */
  disabled?: boolean;
}

/** The company record's fields (spec §3 Company settings), bound to the enclosing Formik form. */
export function CompanyFields({ logo, disabled }: CompanyFieldsProps) {
  const text = { fullWidth: true, disabled } as const;
  const multiline = { ...text, multiline: true, minRows: 3 } as const;
  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={12} sx={{ mb: 2 }}>
        <UploadField
          name="logo"
          label={COMPANY_LABELS.logo}
          recommended={RECOMMENDED_SIZES.logo}
          initialFile={logo}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="office_phone_number"
          label={COMPANY_LABELS.office_phone_number}
          type="tel"
          {...text}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField name="youtube_link" label={COMPANY_LABELS.youtube_link} type="url" {...text} />
      </Grid>
      <Grid size={12}>
        <FormTextField name="description" label={COMPANY_LABELS.description} {...multiline} />
      </Grid>
      <Grid size={12}>
        <FormTextField
          name="get_in_touch_description"
          label={COMPANY_LABELS.get_in_touch_description}
          {...multiline}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField name="address" label={COMPANY_LABELS.address} {...multiline} />
      </Grid>
      <Grid size={12}>
        <FormTextField name="iframe_address" label={COMPANY_LABELS.iframe_address} type="url" {...text} />
      </Grid>
      {SOCIAL_LINKS.map((name) => (
        <Grid key={name} size={{ xs: 12, md: 4 }}>
          <FormTextField name={name} label={COMPANY_LABELS[name]} type="url" {...text} />
        </Grid>
      ))}
      <Grid size={{ xs: 12, md: 6 }}>
        <FormTextField
          name="notification_email"
          label={COMPANY_LABELS.notification_email}
          type="email"
          helperText="New contact-form messages are announced to this address"
          {...text}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TimeZoneField disabled={disabled} />
      </Grid>
    </Grid>
  );
}
