import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import { useFormikContext } from 'formik';
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
import type { ListHook } from '../../components/resource/fields/SeoFields';
import { LABELS } from '../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../shared/messages/catalogue';
import type { Content } from '../../shared/resources/content';
import type { FileObject } from '../../shared/resources/wire';

/** The item a content form edits: its pictures (for the previews) and its meta title. */
type ContentItem = { id: number; meta_title: string | null } & Partial<Record<string, unknown>>;

export interface ContentFieldsProps<T extends ContentItem> {
  /** The kind's body and pictures (src/shared/resources/content.ts). */
  content: Content;
  /** The kind's list (for the duplicate meta title warning). */
  useList: ListHook<T>;
  /** The search preview's path on the website and the kind's name. */
  site: { path: string; itemName: string };
  /** The item being edited (its files); absent on add. */
  item?: T;
  /** Read-only: the user may see the item but not save it. */
  disabled?: boolean;
  /** What the kind relates to, below the status (a product article's products). */
  related?: ReactNode;
}

/**
 * A content item's fields, shared by add and detail: general (title, slug, dates, links, status,
 * publishing), content (texts and rich texts), media (the pictures, in order), SEO.
 */
export function ContentFields<T extends ContentItem>({
  content,
  useList,
  site,
  item,
  disabled,
  related,
}: ContentFieldsProps<T>) {
  const { values } = useFormikContext<{ meta_title: string }>();
  const duplicateTitle = useDuplicateMetaTitle(useList, item?.id, values.meta_title);
  const field = { fullWidth: true, disabled } as const;
  const half = { xs: 12, md: 6 } as const;
  const of = (input: string) => content.body.filter((group) => group.input === input);
  const end = content.body.find((group) => group.form === 'optionalDay');
  const file = (name: string) => (item?.[name] ?? null) as FileObject | null;
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
          {of('day').map(({ name, label, form }) => (
            <Grid size={half} key={name}>
              <DateField name={name} label={label} required={form === 'day'} disabled={disabled} />
            </Grid>
          ))}
          {of('link').map(({ name, label }) => (
            <Grid size={half} key={name}>
              <FormTextField
                name={name}
                label={label}
                autoComplete="off"
                helperText={CATALOGUE_MESSAGES.linkHint}
                {...field}
              />
            </Grid>
          ))}
          <Grid size={half}>
            <StatusField disabled={disabled} />
          </Grid>
          {related && <Grid size={12}>{related}</Grid>}
          <Grid size={12}>
            <PublishNote endField={end?.name} />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionContent}>
        {of('text').map(({ name, label }) => (
          <FormTextField key={name} name={name} label={label} multiline minRows={2} {...field} />
        ))}
        {of('rich').map(({ name, label }) => (
          <RichTextField key={name} name={name} label={label} disabled={disabled} />
        ))}
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionMedia}>
        {content.pictures.map((set) =>
          set.pictures[0].name === 'banner' ? (
            <BannerField key="banner" initialFile={file('banner')} disabled={disabled} />
          ) : (
            <ImageFields
              key="image"
              item={item && { image: file('image'), mobile_image: file('mobile_image') }}
              disabled={disabled}
            />
          ),
        )}
      </FormSection>
      <FormSection title={CATALOGUE_MESSAGES.sectionSeo}>
        <SeoFields
          disabled={disabled}
          preview={{ hostAppUrl: runtimeEnv().HOST_APP_URL, ...site, duplicateTitle }}
        />
      </FormSection>
    </>
  );
}
