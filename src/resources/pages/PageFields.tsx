import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { FormTextField, RichTextField, UploadField } from '../../components/form';
import { FormSection } from '../../components/resource/FormSection';
import { ImageFields } from '../../components/resource/fields/ImageFields';
import { SeoFields } from '../../components/resource/fields/SeoFields';
import { StatusField } from '../../components/resource/fields/StatusField';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { LABELS } from '../../shared/messages';
import { PAGE_SECTIONS, PAGE_TEXT, type Page } from '../../shared/resources/pages';
import { pageFiles, type PageValues } from './pageForm';
import { PagePreview } from './PagePreview';
import { SectionCard } from './SectionCard';

export interface PageFieldsProps {
  page: Page;
  values: PageValues;
  /** Read-only: the user may see the page but not save it. */
  disabled?: boolean;
}

function PreviewCard({ page, values, onClose }: { page: Page; values: PageValues; onClose?: () => void }) {
  const files = pageFiles(page);
  return (
    <Card component="aside" aria-labelledby="page-preview-heading" sx={{ height: '100%' }}>
      <CardHeader
        title={PAGE_TEXT.preview}
        subheader={PAGE_TEXT.previewHint}
        slotProps={{ title: { id: 'page-preview-heading', component: 'h2', variant: 'h6' } }}
        action={
          onClose && (
            <IconButton aria-label={PAGE_TEXT.hidePreview} onClick={onClose}>
              <CloseOutlined />
            </IconButton>
          )
        }
      />
      <CardContent>
        <PagePreview pageKey={page.key} values={values} files={files} />
      </CardContent>
    </Card>
  );
}

/**
 * A page's form: the common fields in the first card, then each of its key's sections in its own
 * card; the preview beside them on wide screens, in a panel opened with "Show Preview" otherwise.
 */
export function PageFields({ page, values, disabled }: PageFieldsProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [previewOpen, setPreviewOpen] = useState(false);
  const files = pageFiles(page);
  const sections = values.sections as Record<string, Record<string, unknown>>;
  return (
    <Grid container spacing={2} alignItems="flex-start">
      <Grid size={{ xs: 12, lg: 7 }}>
        <Stack spacing={2}>
          {!wide && (
            <Box>
              <Button
                variant="outlined"
                startIcon={<VisibilityOutlined />}
                aria-expanded={previewOpen}
                onClick={() => setPreviewOpen(true)}
              >
                {PAGE_TEXT.showPreview}
              </Button>
            </Box>
          )}
          <Card component="section" aria-labelledby="page-common-heading">
            <CardHeader
              title={PAGE_TEXT.commonFields}
              slotProps={{ title: { id: 'page-common-heading', component: 'h2', variant: 'h6' } }}
              sx={{ pb: 0 }}
            />
            <CardContent>
              <Stack spacing={2.5}>
                <Grid container columnSpacing={2} rowSpacing={1}>
                  <Grid size={{ xs: 12, md: 8 }}>
                    <FormTextField
                      name="title"
                      label={LABELS.title}
                      autoComplete="off"
                      required
                      fullWidth
                      disabled={disabled}
                    />
                  </Grid>
                  <Grid size={{ xs: 12, md: 4 }}>
                    <StatusField disabled={disabled} />
                  </Grid>
                </Grid>
                <RichTextField
                  name="description"
                  label={LABELS.description}
                  height={260}
                  disabled={disabled}
                />
                <UploadField
                  name="banner"
                  label={LABELS.banner}
                  recommended={RECOMMENDED_SIZES.banner}
                  initialFile={page.banner}
                  altName="banner_alt"
                  disabled={disabled}
                />
                <ImageFields item={page} disabled={disabled} />
                <FormSection title={PAGE_TEXT.seo}>
                  <SeoFields disabled={disabled} />
                </FormSection>
              </Stack>
            </CardContent>
          </Card>
          {PAGE_SECTIONS[page.key].map((section) => (
            <SectionCard
              key={section}
              section={section}
              values={sections[section] ?? {}}
              files={files}
              disabled={disabled}
            />
          ))}
        </Stack>
      </Grid>
      {wide ? (
        <Grid
          size={{ lg: 5 }}
          sx={{ position: 'sticky', top: 80, maxHeight: 'calc(100vh - 96px)', overflowY: 'auto' }}
        >
          <PreviewCard page={page} values={values} />
        </Grid>
      ) : (
        <Drawer
          anchor="right"
          open={previewOpen}
          onClose={() => setPreviewOpen(false)}
          // Above the app bar, which sits over the side menu's drawer.
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
          slotProps={{ paper: { sx: { width: 'min(92vw, 440px)' } } }}
        >
          <PreviewCard page={page} values={values} onClose={() => setPreviewOpen(false)} />
        </Drawer>
      )}
    </Grid>
  );
}
