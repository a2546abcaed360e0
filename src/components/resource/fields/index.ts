export { StatusField, type StatusFieldProps } from './StatusField';
export { SeoFields, type SeoFieldsProps } from './SeoFields';
export { ImageFields, type ImageFieldsProps } from './ImageFields';
export { SlugField, type SlugFieldProps } from './SlugField';
export { DateField, type DateFieldProps } from './DateField';
export { AuditSummary, isAudited, type Audited } from './AuditSummary';
export { createdColumn, dateColumn, imageNameColumn, statusColumn, updatedColumn } from './columns';
