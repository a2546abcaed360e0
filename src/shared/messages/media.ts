/**
 * The media library's strings (Setting › Media, issue 39): the screen and the server's answers. A
 * module of its own: only the signed-in media screen and the server import it.
 */
export const MEDIA_TEXT = {
  title: 'Media',
  item: 'File',
  preview: 'Preview',
  name: 'Name',
  kind: 'Type',
  image: 'Image',
  document: 'Document',
  size: 'Size',
  dimensions: 'Dimensions',
  uploader: 'Uploaded By',
  date: 'Uploaded',
  alt: 'Alt Text',
  missingAlt: 'Missing alt text',
  noAlt: 'No alt text',
  details: 'Details',
  openDetails: 'Details of {name}',
  usedBy: 'Where it is used',
  notUsed: 'This file is not used anywhere.',
  live: 'Live',
  notLive: 'Not live',
  replace: 'Replace File',
  replaced: 'File has been successfully replaced',
  replaceHint: 'Every record using this file shows the new one; its web sizes are made again.',
  delete: 'Delete',
  deleted: 'File has been successfully deleted',
  deleteTitle: 'Delete {name}?',
  deleteUsers: 'It is removed from these records:',
  deleteUnused: 'It is not used by any record.',
  deleteRefused: 'This file is used by live items and cannot be deleted: {records}.',
  cancel: 'Cancel',
  close: 'Close',
  gridView: 'Picture grid',
  tableView: 'Table',
  view: 'View',
  empty: 'No files have been uploaded yet.',
} as const;

/** The labels of the records that use a file, by permission group. */
export const MEDIA_RESOURCE_LABELS = {
  products: 'Product',
  brands: 'Brand',
  categories: 'Category',
  'product-highlights': 'Product Highlight',
  promotions: 'Promotion',
  news: 'News',
  'product-articles': 'Product Article',
  pages: 'Page',
  settings: 'Company',
  users: 'User',
} as const;

/** The labels of the fields a file is used in. */
export const MEDIA_FIELD_LABELS = {
  image: 'Image',
  mobile_image: 'Image Mobile',
  banner: 'Banner',
  logo: 'Logo',
  document: 'Document',
  catalogue: 'Catalogue',
  photo: 'Photo',
  sections: 'Sections',
} as const;
