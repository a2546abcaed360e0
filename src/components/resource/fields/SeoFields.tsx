import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormikContext } from 'formik';
import { format, LABELS } from '../../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import type { ListParams, ListResponse } from '../../../shared/resources/resource';
import {
  SEO_DESCRIPTION_TARGET,
  SEO_TITLE_TARGET,
  seoPreview,
  seoWarnings,
} from '../../../shared/resources/seo';
import { FormTextField } from '../../form';

export interface SeoPreviewOptions {
  /** The website's address (`HOST_APP_URL`). */
  hostAppUrl: string;
  /** The kind's path on the website (`news`, `promotion`): the URL is host + path + slug. */
  path: string;
  /** The item's display name in the duplicate warning ('News'). */
  itemName: string;
  /** The form's title field (fallback of the meta title; default `title`). */
  titleField?: string;
  /** The form's summary field (fallback of the meta description; default `summary`). */
  summaryField?: string;
  /** Whether another item of the same kind has the meta title (`useDuplicateMetaTitle`). */
  duplicateTitle?: boolean;
}

export interface SeoFieldsProps {
  disabled?: boolean;
  /** Shows the search result preview and the warning list (content kinds, products). */
  preview?: SeoPreviewOptions;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The SEO group's inputs (src/shared/resources/fields.ts `seoGroup`): meta title, description and
 * keyword, with live character counters (title about 60, description about 160); with `preview`,
 * the search result as a search engine would show it and what may be wrong with it.
 */
export function SeoFields({ disabled, preview }: SeoFieldsProps) {
  const { values } = useFormikContext<Record<string, unknown>>();
  const field = { fullWidth: true, disabled, autoComplete: 'off' } as const;
  const metaTitle = str(values.meta_title);
  const metaDescription = str(values.meta_description);
  const counter = (text: string, max: number) =>
    format(CATALOGUE_MESSAGES.seoCounter, { count: text.trim().length, max });
  return (
    <>
      <FormTextField
        name="meta_title"
        label={LABELS.metaTitle}
        helperText={counter(metaTitle, SEO_TITLE_TARGET)}
        {...field}
      />
      <FormTextField
        name="meta_description"
        label={LABELS.metaDescription}
        multiline
        minRows={2}
        helperText={counter(metaDescription, SEO_DESCRIPTION_TARGET)}
        {...field}
      />
      <FormTextField name="meta_keyword" label={LABELS.metaKeyword} {...field} />
      {preview && <SeoAdvice values={values} preview={preview} />}
    </>
  );
}

function SeoAdvice({ values, preview }: { values: Record<string, unknown>; preview: SeoPreviewOptions }) {
  const source = {
    title: str(values[preview.titleField ?? 'title']),
    slug: str(values.slug),
    summary: str(values[preview.summaryField ?? 'summary']),
    meta_title: str(values.meta_title) || null,
    meta_description: str(values.meta_description) || null,
  };
  const result = seoPreview(source, preview.hostAppUrl, preview.path);
  const warnings = seoWarnings(source, Boolean(preview.duplicateTitle), preview.itemName);
  return (
    <>
      <Box
        component="section"
        aria-label={CATALOGUE_MESSAGES.seoPreview}
        sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, overflowWrap: 'anywhere' }}
      >
        <Typography variant="caption" color="text.secondary" component="h3">
          {CATALOGUE_MESSAGES.seoPreview}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="seo-preview-url">
          {result.url}
        </Typography>
        <Typography variant="h6" component="p" color="primary" data-testid="seo-preview-title">
          {result.title}
        </Typography>
        <Typography variant="body2" data-testid="seo-preview-description">
          {result.description}
        </Typography>
      </Box>
      {warnings.length > 0 && (
        <Alert severity="warning" variant="outlined" aria-label={CATALOGUE_MESSAGES.seoWarnings}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </Box>
        </Alert>
      )}
    </>
  );
}

/** A list query hook of a resource (`useListNewsQuery`). */
export type ListHook<T> = (params: ListParams, options: { skip: boolean }) => { data?: ListResponse<T> };

/**
 * Whether another item of the same kind (not `id`) has this meta title, ignoring case: asks the
 * kind's list (its search covers the meta title) half a second after the typing stops.
 */
export function useDuplicateMetaTitle<T extends { id: number; meta_title: string | null }>(
  useList: ListHook<T>,
  id: number | undefined,
  metaTitle: string,
): boolean {
  const wanted = metaTitle.trim();
  const [settled, setSettled] = useState(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(wanted), 500);
    return () => clearTimeout(timer);
  }, [wanted]);
  const { data } = useList({ search: settled, per_page: 100 }, { skip: !settled });
  if (!settled) return false;
  return (data?.data ?? []).some(
    (item) => item.id !== id && (item.meta_title ?? '').trim().toLowerCase() === settled.toLowerCase(),
  );
}
