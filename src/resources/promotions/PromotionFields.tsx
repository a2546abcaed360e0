import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
import { useListPromotionsQuery } from '../../../store/promotionsApi';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { FormTextField, RichTextField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import {
  BannerField,
  DateField,
  ImageFields,
  PublishNote,
  SeoFields,
  SlugField,
  StatusField,
  useDuplicateMetaTitle,
} from '../../components/resource/fields';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { promotionsResource, type Promotion } from '../../shared/resources/promotions';
import { SITE_PATHS } from '../../shared/resources/seo';

export interface PromotionFieldsProps {
  /** The promotion being edited (its files); absent on add. */
  item?: Promotion;
  /** Read-only: the user may see the promotion but not save it. */
  disabled?: boolean;
}

/** A promotion's fields, shared by add and detail: general and dates, content, images, SEO. */
export function PromotionFields({ item, disabled }: PromotionFieldsProps) {
  const { values } = useFormikContext<{ meta_title: string }>();
  const duplicateTitle = useDuplicateMetaTitle(useListPromotionsQuery, item?.id, values.meta_title);
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
            <SlugField source={LABELS.title} disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <DateField name="date" label={LABELS.date} required disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <DateField name="end_date" label={LABELS.endDate} disabled={disabled} />
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
          <Grid size={half}>
            <StatusField disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <PublishNote endField="end_date" />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionContent}>
        <FormTextField name="summary" label={LABELS.summary} multiline minRows={2} {...field} />
        <RichTextField name="description" label={LABELS.description} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        <BannerField initialFile={item?.banner} disabled={disabled} />
        <ImageFields item={item} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionSeo}>
        <SeoFields
          disabled={disabled}
          preview={{
            hostAppUrl: runtimeEnv().HOST_APP_URL,
            path: SITE_PATHS.promotions,
            itemName: promotionsResource.item,
            duplicateTitle,
          }}
        />
      </FormSection>
    </>
  );
}
