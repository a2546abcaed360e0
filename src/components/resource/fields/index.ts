export { StatusField, type StatusFieldProps } from './StatusField';
export { SeoFields, useDuplicateMetaTitle, type SeoFieldsProps, type SeoPreviewOptions } from './SeoFields';
export { ImageFields, type ImageFieldsProps } from './ImageFields';
export { SlugField, type SlugFieldProps } from './SlugField';
export { DateField, type DateFieldProps } from './DateField';
export { AuditSummary, isAudited, type Audited } from './AuditSummary';
export {
  createdColumn,
  dateColumn,
  imageNameColumn,
  publishStateColumn,
  statusColumn,
  updatedColumn,
} from './columns';
export { PublishNote, PublishStateChip, type PublishNoteProps } from './PublishState';
export { BannerField, type BannerFieldProps } from './BannerField';
export { altBody, altValues, type AltValues } from './altText';
