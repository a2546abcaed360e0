import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
import { useListProductArticlesQuery } from '../../../store/productArticlesApi';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { FormTextField, RichTextField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import {
  DateField,
  ImageFields,
  PublishNote,
  SeoFields,
  SlugField,
  StatusField,
  useDuplicateMetaTitle,
} from '../../components/resource/fields';
import { useResourceOptions } from '../../hooks/useResourceOptions';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import { productArticlesResource, type ProductArticle } from '../../shared/resources/productArticles';
import { productsResource } from '../../shared/resources/products';
import { SITE_PATHS } from '../../shared/resources/seo';
import { OptionMultiSelect } from '../options/OptionMultiSelect';

export interface ProductArticleFieldsProps {
  /** The article being edited (its files and products); absent on add. */
  item?: ProductArticle;
  /** Read-only: the user may see the article but not save it. */
  disabled?: boolean;
}

/** A product article's fields, shared by add and detail: general, content, images, SEO. */
export function ProductArticleFields({ item, disabled }: ProductArticleFieldsProps) {
  const { values } = useFormikContext<{ meta_title: string }>();
  const duplicateTitle = useDuplicateMetaTitle(useListProductArticlesQuery, item?.id, values.meta_title);
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
            <SlugField source={LABELS.title} disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <DateField name="date" label={LABELS.date} required disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <StatusField disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <OptionMultiSelect
              name="products"
              label={LABELS.products}
              options={products}
              current={item?.products}
              disabled={disabled}
            />
          </Grid>
          <Grid size={12}>
            <PublishNote />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionContent}>
        <FormTextField name="summary" label={LABELS.summary} multiline minRows={2} {...field} />
        <RichTextField name="description_one" label={LABELS.descriptionOne} disabled={disabled} />
        <RichTextField name="description_two" label={LABELS.descriptionTwo} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        <ImageFields item={item} disabled={disabled} />
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionSeo}>
        <SeoFields
          disabled={disabled}
          preview={{
            hostAppUrl: runtimeEnv().HOST_APP_URL,
            path: SITE_PATHS.productArticles,
            itemName: productArticlesResource.item,
            duplicateTitle,
          }}
        />
      </FormSection>
    </>
  );
}
