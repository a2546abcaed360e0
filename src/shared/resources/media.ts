import { Type, type Static } from '@sinclair/typebox';
import * as yup from 'yup';
import { MEDIA_TEXT } from '../messages/media';
import { ROUTES } from '../routes';
import { booleanFilter, dateRangeFilter, defineResource, enumFilter } from './resource';
import { IdSchema, ImageVariantSchema, Nullable, NullableObject, RefSchema, TimestampSchema } from './wire';

/**
 * The media library (Setting › Media, issue 39): every uploaded file, where each is used, replaced
 * everywhere at once or deleted. A list through the list machinery (server paging, sorting, search,
 * filters); its writes are routes of their own (server/routes/media.ts): a file is replaced by a new
 * upload, not edited, and a delete first asks where it is used.
 */
export const MEDIA_KINDS = ['image', 'document'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_OPTIONS = [
  { value: 'image', label: MEDIA_TEXT.image },
  { value: 'document', label: MEDIA_TEXT.document },
] as const;

export const mediaWire = Type.Object({
  id: IdSchema,
  url: Type.String(),
  preview_url: Nullable(Type.String({ description: 'A resized WebP preview (images only)' })),
  name: Type.String(),
  kind: Type.Unsafe<MediaKind>({ type: 'string', enum: [...MEDIA_KINDS] }),
  mime: Type.String(),
  size: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  alt: Nullable(Type.String()),
  variants: Type.Array(ImageVariantSchema, { description: 'WebP web variants by width (images only)' }),
  uploader: NullableObject(RefSchema),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type MediaFile = Static<typeof mediaWire>;

export const mediaResource = defineResource({
  key: 'media',
  group: 'media',
  tag: 'Media',
  item: MEDIA_TEXT.item,
  route: ROUTES.media,
  titleField: 'name',
  sortable: ['created_at', 'name', 'size'],
  defaultSort: { sort: 'created_at', order: 'desc' },
  dateField: 'created_at',
  filters: {
    kinds: enumFilter({ label: MEDIA_TEXT.kind, options: MEDIA_KIND_OPTIONS }),
    missing_alt: booleanFilter(MEDIA_TEXT.missingAlt),
    date: dateRangeFilter(MEDIA_TEXT.date),
  },
  exportable: false,
  importable: false,
  trash: false,
  wire: mediaWire,
  // The alt text is given with the picture where it is used; replace and delete are routes of their own.
  input: { update: yup.object({ alt: yup.string().nullable().max(255) }) },
});

/** One record using a file: which record, in which field, and whether the website shows it now. */
export const mediaUsageWire = Type.Object({
  resource: Type.String({ description: 'The permission group of the record (`products`, `settings` …)' }),
  record_id: IdSchema,
  title: Type.String(),
  field: Type.String({ description: 'The field holding the file (`image`, `logo`, `sections` …)' }),
  live: Type.Boolean({
    description: 'Whether the website shows the record now (Active, and live by its dates)',
  }),
});
export type MediaUsage = Static<typeof mediaUsageWire>;

/** `/api/media/:id/usage`, `/api/media/:id/file` (POST: replace), `/api/media/:id` (DELETE). */
export const mediaItemPath = (id: number | string): string => `/api/media/${id}`;
export const mediaUsagePath = (id: number | string): string => `${mediaItemPath(id)}/usage`;
export const mediaFilePath = (id: number | string): string => `${mediaItemPath(id)}/file`;
