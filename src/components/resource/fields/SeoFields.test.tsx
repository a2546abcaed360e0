import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { format, LABELS } from '../../../shared/messages';
import { CATALOGUE_MESSAGES } from '../../../shared/messages/catalogue';
import { SeoFields, type SeoPreviewOptions } from './SeoFields';

const VALUES = {
  title: 'Open Day at the Works',
  slug: 'open-day',
  summary: 'Come and see how pumps are made.',
  meta_title: '',
  meta_description: '',
  meta_keyword: '',
};

const PREVIEW: SeoPreviewOptions = { hostAppUrl: 'https://www.example.com/', path: 'news', itemName: 'News' };

function renderSeo(values = VALUES, preview: SeoPreviewOptions | null = PREVIEW) {
  return renderWithProviders(
    <Formik initialValues={values} onSubmit={() => undefined}>
      <SeoFields preview={preview ?? undefined} />
    </Formik>,
  );
}

describe('SeoFields', () => {
  it('counts the meta title and description as they are typed', async () => {
    renderSeo();
    expect(
      screen.getByText(format(CATALOGUE_MESSAGES.seoCounter, { count: 0, max: 60 })),
    ).toBeInTheDocument();
    expect(
      screen.getByText(format(CATALOGUE_MESSAGES.seoCounter, { count: 0, max: 160 })),
    ).toBeInTheDocument();
    const actor = userEvent.setup({ delay: null });
    await actor.type(screen.getByRole('textbox', { name: LABELS.metaTitle }), 'Pumps');
    expect(
      screen.getByText(format(CATALOGUE_MESSAGES.seoCounter, { count: 5, max: 60 })),
    ).toBeInTheDocument();
    await actor.type(screen.getByRole('textbox', { name: LABELS.metaDescription }), 'Ten chars!');
    expect(
      screen.getByText(format(CATALOGUE_MESSAGES.seoCounter, { count: 10, max: 160 })),
    ).toBeInTheDocument();
  });

  it('previews the title and summary when the meta fields are empty, the URL from HOST_APP_URL and the slug', () => {
    renderSeo();
    expect(screen.getByTestId('seo-preview-title')).toHaveTextContent(VALUES.title);
    expect(screen.getByTestId('seo-preview-url')).toHaveTextContent('https://www.example.com/news/open-day');
    expect(screen.getByTestId('seo-preview-description')).toHaveTextContent(VALUES.summary);
    const warnings = screen.getByRole('alert', { name: CATALOGUE_MESSAGES.seoWarnings });
    expect(warnings).toHaveTextContent(CATALOGUE_MESSAGES.seoMissingTitle);
    expect(warnings).toHaveTextContent(CATALOGUE_MESSAGES.seoMissingDescription);
  });

  it('previews the meta fields when set, and warns of a long or duplicate meta title', () => {
    renderSeo(
      { ...VALUES, meta_title: 'M'.repeat(61), meta_description: 'A fine description' },
      { ...PREVIEW, duplicateTitle: true },
    );
    expect(screen.getByTestId('seo-preview-title')).toHaveTextContent('M'.repeat(61));
    expect(screen.getByTestId('seo-preview-description')).toHaveTextContent('A fine description');
    const warnings = screen.getByRole('alert', { name: CATALOGUE_MESSAGES.seoWarnings });
    expect(warnings).toHaveTextContent(format(CATALOGUE_MESSAGES.seoTitleTooLong, { max: 60 }));
    expect(warnings).toHaveTextContent(format(CATALOGUE_MESSAGES.seoDuplicateTitle, { item: 'news' }));
    expect(warnings).not.toHaveTextContent(CATALOGUE_MESSAGES.seoMissingDescription);
  });

  it('shows no preview without the option (the product form)', () => {
    renderSeo(VALUES, null);
    expect(screen.queryByTestId('seo-preview-title')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
