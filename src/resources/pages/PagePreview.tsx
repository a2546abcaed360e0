import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PAGE_SECTIONS,
  PAGE_TEXT,
  SECTIONS,
  type PageKey,
  type SectionDefinition,
  type SectionField,
} from '../../shared/resources/pages';
import type { FileObject } from '../../shared/resources/wire';
import type { PageValues } from './pageForm';

export interface PagePreviewProps {
  pageKey: PageKey;
  values: PageValues;
  files: Map<number, FileObject>;
}

/** The text of rich-text HTML, for the preview (never rendered as HTML). */
const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function ImageBox({
  label,
  id,
  files,
  height = 72,
}: {
  label: string;
  id: unknown;
  files: Map<number, FileObject>;
  height?: number;
}) {
  if (id === null || id === undefined || id === '') return null;
  const file = typeof id === 'number' ? files.get(id) : undefined;
  return file ? (
    <Box
      component="img"
      src={file.url}
      alt=""
      sx={{ width: '100%', height, objectFit: 'cover', borderRadius: 1 }}
    />
  ) : (
    <Box
      sx={{
        height,
        borderRadius: 1,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
        typography: 'caption',
      }}
    >
      {label}
    </Box>
  );
}

/** A section's (or item's) fields as the website shows them: the title as a heading, texts, images. */
function Fields({
  fields,
  values,
  files,
  heading,
}: {
  fields: readonly SectionField[];
  values: Record<string, unknown>;
  files: Map<number, FileObject>;
  heading: 'h4' | 'h5';
}) {
  return (
    <>
      {fields.map((field) => {
        const value = values[field.name];
        if (field.kind === 'image')
          return <ImageBox key={field.name} label={field.label} id={value} files={files} />;
        const text = typeof value === 'string' ? value.trim() : '';
        if (!text) return null;
        if (field.name === 'title' || field.name === 'name')
          return (
            <Typography
              key={field.name}
              component={heading}
              variant={heading === 'h4' ? 'subtitle1' : 'subtitle2'}
              sx={{ fontWeight: 600 }}
            >
              {text}
            </Typography>
          );
        if (field.kind === 'url')
          return (
            <Typography key={field.name} variant="caption" color="primary" sx={{ wordBreak: 'break-all' }}>
              {field.label}: {text}
            </Typography>
          );
        return (
          <Typography key={field.name} variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {text}
          </Typography>
        );
      })}
    </>
  );
}

/**
 * A plain structural preview of the page as the website lays it out: the title, banner and
 * description, then each section in order with its items, following the form's values as the user types.
 */
export function PagePreview({ pageKey, values, files }: PagePreviewProps) {
  const description = plainText(values.description);
  return (
    <Stack spacing={2} aria-label={PAGE_TEXT.preview} data-testid="page-preview">
      <ImageBox label="Banner" id={values.banner} files={files} height={56} />
      <Typography component="h3" variant="h6">
        {values.title.trim() || PAGE_TEXT.empty}
      </Typography>
      {description && <Typography variant="body2">{description}</Typography>}
      <ImageBox label={PAGE_TEXT.image} id={values.image} files={files} />
      {PAGE_SECTIONS[pageKey].map((name) => {
        const definition: SectionDefinition = SECTIONS[name];
        const section = (values.sections[name] ?? {}) as Record<string, unknown>;
        const items = Array.isArray(section.items) ? (section.items as Record<string, unknown>[]) : [];
        return (
          <Box key={name} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
            <Typography variant="overline" color="text.secondary">
              {definition.label}
            </Typography>
            <Stack spacing={0.75}>
              <Fields fields={definition.fields} values={section} files={files} heading="h4" />
              {definition.items && items.length > 0 && (
                <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
                  {items.map((item, index) => (
                    <Box component="li" key={String(item._key ?? index)}>
                      <Stack spacing={0.5}>
                        <Fields fields={definition.items!.fields} values={item} files={files} heading="h5" />
                      </Stack>
                    </Box>
                  ))}
                </Box>
              )}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
