import {
  Type,
  type Static,
  type TBoolean,
  type TInteger,
  type TNumber,
  type TObject,
  type TSchema,
  type TString,
} from '@sinclair/typebox';

/**
 * Building blocks of the wire schemas (API contract: Objects). Each item's schema is written once
 * with these, in its contract; its TypeScript type is `Static<typeof schema>`, and the server's
 * serialiser and OpenAPI document use the same schema, so a field cannot be in the type and missing
 * from the answer.
 */

/**
 * A nullable scalar as `type: [t, 'null']`: the serialiser writes it directly, where `anyOf` would
 * make it test each value against both branches.
 */
export const Nullable = <T extends TString | TInteger | TNumber | TBoolean>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** A nullable object (`anyOf: [null, object]`). */
export const NullableObject = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

export const IdSchema = Type.Integer({ minimum: 1 });
export const TimestampSchema = Type.String({ format: 'date-time' });
/** A date-only field (`YYYY-MM-DD`, API contract: Objects). */
export const DaySchema = Type.String({ format: 'date' });
export const NullableText = (description?: string) =>
  Nullable(Type.String(description ? { description } : {}));

/** Status is the integer 1 (Active) or 0 (Not Active). */
export const StatusSchema = Type.Unsafe<0 | 1>({
  type: 'integer',
  enum: [0, 1],
  description: '1 Active, 0 Not Active',
});

/** A WebP web variant of an uploaded image: its size and where it is served. */
export const ImageVariantSchema = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  url: Type.String(),
});
export type ImageVariant = Static<typeof ImageVariantSchema>;

/** A stored file as every resource reads it (API contract: Objects). */
export const FileObjectSchema = Type.Object({
  id: IdSchema,
  url: Type.String(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  width: Type.Optional(Nullable(Type.Integer())),
  height: Type.Optional(Nullable(Type.Integer())),
  alt: Type.Optional(Type.String({ description: 'The alt text given with the picture, when set' })),
  preview_url: Type.Optional(Type.String({ description: 'A resized WebP preview (images only)' })),
  variants: Type.Optional(
    Type.Array(ImageVariantSchema, { description: 'WebP web variants by width (images only)' }),
  ),
});
export type FileObject = Static<typeof FileObjectSchema>;

export const NullableFile = (description?: string) =>
  Type.Union([Type.Null(), FileObjectSchema], description ? { description } : {});

/** Another record named inside an item (`role: {id, name}`, `updated_by: {id, name}`). */
export const RefSchema = Type.Object({ id: IdSchema, name: Type.String() });
export type Ref = Static<typeof RefSchema>;

/** The list answer of an item schema (API contract: List query). */
export const listAnswer = <T extends TObject>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    meta: Type.Object({
      current_page: Type.Integer(),
      per_page: Type.Integer(),
      total: Type.Integer(),
      last_page: Type.Integer(),
      // Present (true) when `total` is the database's estimate: more rows matched than are counted exactly.
      total_estimated: Type.Optional(Type.Boolean()),
    }),
  });

/** A write answer: the item and the spec's success text. */
export const writeAnswer = <T extends TSchema>(item: T) =>
  Type.Object({ data: item, message: Type.String() });

export const dataAnswer = <T extends TSchema>(item: T) => Type.Object({ data: item });

export const MessageSchema = Type.Object({ message: Type.String() });

/** A 403: the message, and a machine-readable code where one is given (`mfa_enrolment_required`). */
export const RefusalSchema = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String({ enum: ['mfa_enrolment_required'] })),
});

export const ValidationErrorSchema = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** One row of `GET /api/<group>/options`; `status` where the resource has one. */
export const OptionItemSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  status: Type.Optional(StatusSchema),
});
export type OptionItem = Static<typeof OptionItemSchema>;
