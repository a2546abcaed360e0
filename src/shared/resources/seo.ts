import { format } from '../messages';
import { CATALOGUE_MESSAGES } from '../messages/catalogue';

/**
 * The SEO group's advice (spec §3 SEO meta fields): what a search engine shows of an item, and what
 * may be wrong with it. Search engines cut a title at about 60 characters and a description at
 * about 160; with no meta title or description they show the page's title and an excerpt.
 */
export const SEO_TITLE_TARGET = 60;
export const SEO_DESCRIPTION_TARGET = 160;

export interface SeoSource {
  title: string;
  slug: string;
  summary?: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

export interface SeoPreview {
  title: string;
  url: string;
  description: string;
}

/** Plain text of a summary or rich text, shortened to what a search result shows. */
const excerpt = (text: string, max: number): string => {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
};

/**
 * The search result: the meta title or else the title; the website's address (`HOST_APP_URL`), the
 * kind's path and the slug; the meta description or else the summary.
 */
export function seoPreview(item: SeoSource, hostAppUrl: string, path: string): SeoPreview {
  const base = hostAppUrl.replace(/\/+$/, '');
  const segment = path.replace(/^\/+|\/+$/g, '');
  return {
    title: excerpt(item.meta_title?.trim() || item.title, SEO_TITLE_TARGET + 10),
    url: [base, segment, item.slug].filter(Boolean).join('/'),
    description: excerpt(item.meta_description?.trim() || item.summary || '', SEO_DESCRIPTION_TARGET + 10),
  };
}

/** What may be wrong: missing, too long, or a meta title another item of the same kind has. */
export function seoWarnings(item: SeoSource, duplicateTitle: boolean, itemName: string): string[] {
  const warnings: string[] = [];
  const title = item.meta_title?.trim() ?? '';
  const description = item.meta_description?.trim() ?? '';
  if (!title) warnings.push(CATALOGUE_MESSAGES.seoMissingTitle);
  else if (title.length > SEO_TITLE_TARGET)
    warnings.push(format(CATALOGUE_MESSAGES.seoTitleTooLong, { max: SEO_TITLE_TARGET }));
  if (!description) warnings.push(CATALOGUE_MESSAGES.seoMissingDescription);
  else if (description.length > SEO_DESCRIPTION_TARGET)
    warnings.push(format(CATALOGUE_MESSAGES.seoDescriptionTooLong, { max: SEO_DESCRIPTION_TARGET }));
  if (title && duplicateTitle)
    warnings.push(format(CATALOGUE_MESSAGES.seoDuplicateTitle, { item: itemName.toLowerCase() }));
  return warnings;
}

/** Where each kind's items live on the website (the search preview's URL: `HOST_APP_URL/<path>/<slug>`). */
export const SITE_PATHS = {
  products: 'product',
  promotions: 'promotion',
  news: 'news',
  productArticles: 'product-article',
} as const;
