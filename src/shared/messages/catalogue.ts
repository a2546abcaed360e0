/**
 * The catalogue's and content's screens: slugs, sections, the import template, publishing, the SEO
 * preview and its warnings.
 * Signed-in screens only: kept out of messages.ts, which the guest screens load. `{…}` placeholders
 * are filled with `format`.
 */
export const CATALOGUE_MESSAGES = {
  // Catalogue: brands, categories, products
  slugFormat: '{item} may contain only lowercase letters a-z, digits and single dashes',
  slugFromName: '{item} could not be made from the {source}; please enter one',
  inUseByOneProduct: 'This {item} is used by 1 product',
  inUseByProducts: 'This {item} is used by {count} products',
  downloadTemplate: 'Download template',
  // Product menu screens (brands, categories, products) and the import dialog
  templateFormat: '{format} template',
  product: 'Product',
  products: 'Products',
  updatedDate: 'Updated Date',
  slugHint: 'Leave empty to make it from the {source}',
  otherBrandHint: 'When the brand is not in the list',
  noBrand: 'None',
  sectionGeneral: 'General',
  sectionContent: 'Content',
  sectionMedia: 'Images and Documents',
  sectionSeo: 'SEO',
  // Content: publishing, SEO preview and warnings
  publishState: 'Publish State',
  publishDraft: 'Draft',
  publishScheduled: 'Scheduled',
  publishLive: 'Live',
  publishEnded: 'Ended',
  publishDraftSentence: 'Not Active: the website does not show it.',
  publishUndatedSentence: 'No date yet: the website shows it from the day it is given.',
  publishScheduledSentence: 'Goes live on {date}.',
  publishScheduledUntilSentence: 'Goes live on {date} and ends on {end}.',
  publishLiveSentence: 'Live since {date}.',
  publishLiveUntilSentence: 'Live since {date}; ends after {end}.',
  publishEndedSentence: 'Ended on {end}.',
  endBeforeStart: '{item} must not be before the {start}',
  linkHint: 'A full URL (https://…) or a path on the website (/products)',
  seoCounter: '{count} / about {max} characters',
  seoPreview: 'Search result preview',
  seoWarnings: 'SEO warnings',
  seoMissingDescription: 'The meta description is missing; search engines will show the summary instead.',
  seoMissingTitle: 'The meta title is missing; search engines will show the title instead.',
  seoTitleTooLong: 'The meta title is longer than about {max} characters and may be cut off.',
  seoDescriptionTooLong: 'The meta description is longer than about {max} characters and may be cut off.',
  seoDuplicateTitle: 'Another {item} has the same meta title.',
  positionHint: 'The order on the home page; empty puts it last',
  moveUp: 'Move up',
  moveDown: 'Move down',
} as const;
