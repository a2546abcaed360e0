import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
import { useListNewsQuery } from '../../../store/newsApi';
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
import { newsResource, type News } from '../../shared/resources/news';
import { SITE_PATHS } from '../../shared/resources/seo';

export interface NewsFieldsProps {
  /** The news item being edited (its files); absent on add. */
  item?: News;
  /** Read-only: the user may see the news but not save it. */
  disabled?: boolean;
}

/** A news item's fields, shared by add and detail: general, content, images, SEO. */
export function NewsFields({ item, disabled }: NewsFieldsProps) {
  const { values } = useFormikContext<{ meta_title: string }>();
  const duplicateTitle = useDuplicateMetaTitle(useListNewsQuery, item?.id, values.meta_title);
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
            <StatusField disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <PublishNote />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionContent}>
        <FormTextField name="summary" label={LABELS.summary} multiline minRows={2} {...field} />
        <RichTextField name="description" label={LABELS.description} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        <ImageFields item={item} disabled={disabled} />
        <BannerField initialFile={item?.banner} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionSeo}>
        <SeoFields
          disabled={disabled}
          preview={{
            hostAppUrl: runtimeEnv().HOST_APP_URL,
            path: SITE_PATHS.news,
            itemName: newsResource.item,
            duplicateTitle,
          }}
        />
      </FormSection>
    </>
  );
}
